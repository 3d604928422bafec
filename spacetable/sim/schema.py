"""The Parquet schema of simulation results: one row per game and seat (docs/simulate.md lists it).

`COLUMNS` is the single source: name, Arrow type and a one-line meaning (stored as field metadata,
so a results file documents itself). Columns a game does not report are null for it.
"""

from __future__ import annotations

import pyarrow as pa

SCHEMA_VERSION = "2"
"""2: seeds of 128 bits (``base_seed``, ``seed``: decimal256(39, 0)) and games dealt by the keyed
generator. A file of version 1 (uint64 seeds, the splitmix64 generator) is still read, its seeds
cast; a run never appends to one (its games are not those this version plays)."""
SEED = pa.decimal256(39, 0)
"""A seed column: an exact integer 0 ≤ n < 2**128 (39 decimal digits; uint64 holds only 2**64)."""

TRADE = pa.struct([("good", pa.string()), ("bought_at", pa.string()), ("sold_at", pa.string()),
                   ("buy_price", pa.int32()), ("sell_price", pa.int32())])

COLUMNS: tuple[tuple[str, pa.DataType, str], ...] = (
    ("run", pa.string(), "the sweep run's name ('' for a plain simulate)"),
    ("game", pa.string(), "game name"),
    ("config", pa.string(), "the game config as canonical JSON text (players, modules, expansions, modes…)"),
    ("cards", pa.string(), "the card overrides as canonical JSON text ('' for the shipped cards)"),
    ("cards_digest", pa.string(), "16 hex digits of the overrides' SHA-256 ('' for the shipped cards)"),
    ("game_id", pa.string(),
     "16 hex digits identifying the game: run, game, config, cards, seed, seating, cap"),
    ("game_index", pa.int64(), "i: the game's index in its run (seed = base_seed + i)"),
    ("base_seed", SEED, "S: the run's --seed"),
    ("seed", SEED, "the game's own seed (S + i); replays it alone with --games 1 --seed"),
    ("players", pa.int32(), "seats in the game"),
    ("seat", pa.int32(), "this row's seat, 0 = first player"),
    ("bot", pa.string(), "the bot name at this seat (seats rotate between games)"),
    ("status", pa.string(), "finished, unfinished (stopped at the decision cap) or error"),
    ("error", pa.string(), "the exception 'Type: message' when status is error (else null)"),
    ("error_where", pa.list_(pa.string()), "the last traceback lines when status is error (else null)"),
    ("result", pa.float64(), "1 win, 0 loss, 1/k for a win shared by k seats (null unless finished)"),
    ("winner", pa.bool_(), "this seat won or shared the win (null unless finished)"),
    ("turns", pa.int32(), "state.turn_count() at the end"),
    ("decisions", pa.int32(), "bot decisions in the game (chance steps not counted)"),
    ("score", pa.float64(), "the game's score: Prestige (solo: the solo score), Space Lanes credits"),
    ("prestige", pa.int32(), "Moonrakers / Highcard Prestige"),
    ("credits", pa.int32(), "credits at the end"),
    ("solo_score", pa.int32(), "Moonrakers solo score (1 player)"),
    ("reputation_spent", pa.int32(), "Moonrakers (Binding Ties) faction reputation spent"),
    ("crew_bought", pa.int32(), "Moonrakers crew cards bought (3.5)"),
    ("parts_bought", pa.int32(), "Moonrakers ship parts bought (3.5)"),
    ("crew_owned", pa.list_(pa.string()), "Moonrakers crew slugs in the seat's deck at the end"),
    ("parts_owned", pa.list_(pa.string()), "Moonrakers ship part slugs installed at the end"),
    ("contracts_taken", pa.list_(pa.string()), "Moonrakers contracts attempted as Mission Leader or ally"),
    ("contracts_completed", pa.list_(pa.string()), "Moonrakers contracts of those that succeeded"),
    ("goal", pa.string(), "Space Lanes goal slug"),
    ("goal_progress", pa.float64(), "Space Lanes fraction of the goal reached (1.0 reached, L21)"),
    ("goods_bought", pa.int32(), "Space Lanes units bought"),
    ("goods_sold", pa.int32(), "Space Lanes units sold"),
    ("contraband_sold", pa.int32(), "Space Lanes contraband units sold"),
    ("visited", pa.int32(), "Space Lanes settlements visited"),
    ("engagements", pa.int32(), "Space Lanes engagements entered (L14)"),
    ("pirates_won", pa.int32(), "Space Lanes pirate engagements won"),
    ("bounties", pa.int32(), "Space Lanes bounties collected"),
    ("transports_done", pa.int32(), "Space Lanes transports delivered"),
    ("union", pa.int32(), "Space Lanes Union standing at the end"),
    ("pirate", pa.int32(), "Space Lanes Pirate standing at the end"),
    ("trades", pa.list_(TRADE), "Space Lanes units sold: good, bought_at / sold_at settlement slugs "
                                "('' unknown: a refined or looted unit), buy_price, sell_price"),
    ("stats", pa.string(), "state.game_stats() as JSON text (same on every seat row of a game)"),
    ("cards_offered", pa.list_(pa.string()),
     "Moonrakers crew and part slugs the seat could buy at one of its buy decisions (3.5); Space Lanes "
     "action cards it could play"),
    ("cards_bought", pa.list_(pa.string()),
     "Moonrakers crew and part slugs bought, in order (3.5); Space Lanes action cards played, in order "
     "(an Upgrade or Crew is bought by playing it)"),
    ("score_track", pa.list_(pa.float64()),
     "the seat's score at the end of each turn, the final score last: Moonrakers Prestige, Space Lanes "
     "goal progress (L21)"),
    ("actions", pa.list_(pa.int32()), "the game's action log, chance outcomes included, as action indices "
                                      "(with --trajectories; else null; same on every seat row)"),
)
ADDED_COLUMNS = ("cards_offered", "cards_bought", "score_track", "actions")
"""Columns added after the first results files: null when a file lacks them."""

SCHEMA = pa.schema([pa.field(name, typ, metadata={"doc": doc}) for name, typ, doc in COLUMNS],
                   metadata={"spacetable.results": SCHEMA_VERSION})
NAMES = tuple(name for name, _, _ in COLUMNS)
