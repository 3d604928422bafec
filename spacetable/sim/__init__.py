"""Simulation: bot playouts, many-game summaries and engine benchmarks."""
