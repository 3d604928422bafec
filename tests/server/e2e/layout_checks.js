// The box checks of test_layout.py, run in the page: one object, a function per check.
({
  // Text cut by the box that holds it: an element with text of its own whose content is wider than its
  // box, or taller where the box clips (overflow hidden, a line clamp). The top bar's one-line status is
  // left out.
  clipped: (root) => {
    const bad = [];
    for (const el of document.querySelectorAll(root + " *")) {
      if (el.closest(".topbar") || el.closest("svg")) continue;
      if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      const cs = getComputedStyle(el);
      if (cs.display === "inline" || cs.display === "none" || el.clientWidth === 0) continue;
      const clamp = cs.webkitLineClamp && cs.webkitLineClamp !== "none";
      const clipsY = clamp || cs.overflowY === "hidden" || cs.overflowY === "clip";
      if (el.scrollWidth > el.clientWidth + 1 || (clipsY && el.scrollHeight > el.clientHeight + 1))
        bad.push(`${el.className}: "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`);
    }
    return bad;
  },

  // The map's words (data-label): pairs that overlap, words outside the map, the feature lines of each
  // settlement joined, and whether the whole map is in its frame.
  map: () => {
    const svg = document.querySelector(".starmap").getBoundingClientRect();
    const labels = [...document.querySelectorAll(".starmap .map-label")]
      .map((e) => [e.getAttribute("data-label"), e.getBoundingClientRect()]);
    const overlaps = [];
    const outside = [];
    labels.forEach(([a, r], i) => {
      if (r.left < svg.left - 1 || r.right > svg.right + 1 || r.top < svg.top - 1 || r.bottom > svg.bottom + 1) outside.push(a);
      for (const [b, q] of labels.slice(i + 1))
        if (r.left < q.right - 0.5 && q.left < r.right - 0.5 && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5) overlaps.push(a + " over " + b);
    });
    const features = {};
    for (const g of document.querySelectorAll(".starmap g.settlement")) {
      features[g.getAttribute("data-slot")] = [...g.querySelectorAll(".node-feature")].map((t) => t.textContent).join(" ");
    }
    const frame = document.querySelector(".mapframe").getBoundingClientRect();
    return { kinds: labels.map(([a]) => a.split(" ")[0]), overlaps, outside, features,
             fits: svg.width <= frame.width + 1 && svg.height <= frame.height + 1 };
  },

  // The board layout itself on 200 random boards: settlements shuffled over the slots, lanes' names and
  // distances over the lanes, every third board about half face down. The words that found no room.
  sweep: async (view) => {
    const m = await import("/static/spacelanes/maplabels.js");
    let seed = 7;
    const rnd = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
    const shuffle = (a) => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [a[i], a[j]] = [a[j], a[i]]; } return a; };
    const bad = [];
    for (let n = 0; n < 200; n++) {
      const st = shuffle(view.slots.map((s) => ({ name: s.name, feature: s.feature, homeworld: s.homeworld })));
      const ln = shuffle(view.lanes.map((l) => ({ name: l.name, distance: l.distance })));
      const hide = n % 3 === 2;
      const board = { ...view,
        slots: view.slots.map((s, i) => ({ ...s, ...st[i], revealed: !(hide && rnd() < 0.5) })),
        lanes: view.lanes.map((l, i) => ({ ...l, ...ln[i], revealed: !(hide && rnd() < 0.5) })) };
      const out = m.layoutBoard(board);
      if (out.unplaced.length) bad.push([n, out.unplaced]);
    }
    return bad;
  },

  // The price table's cells: each inside the frame, on screen (the cell is what a click there hits), not
  // cut; the goods' names.
  prices: () => {
    const frame = document.querySelector(".mapalt").getBoundingClientRect();
    const cells = [...document.querySelectorAll("table.prices th, table.prices td")];
    const bad = [];
    for (const c of cells) {
      const r = c.getBoundingClientRect();
      const inside = r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5 && r.top >= frame.top - 0.5 && r.bottom <= frame.bottom + 0.5;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!inside || !hit || !c.contains(hit) || c.scrollWidth > c.clientWidth + 1) bad.push(c.textContent.trim() || "(empty)");
    }
    return { cells: cells.length, bad, goods: [...document.querySelectorAll("table.prices thead .gname")].map((e) => e.textContent) };
  },

  // My hand: its cards, whether the panel scrolls, cards outside it; the Goal panel's text.
  hand: () => {
    const panel = document.querySelector(".sl-table .hand");
    const box = panel.getBoundingClientRect();
    const cards = [...panel.querySelectorAll(".hcard")];
    const out = cards.filter((c) => { const r = c.getBoundingClientRect(); return r.top < box.top || r.bottom > box.bottom + 0.5; });
    return { cards: cards.length, scrolls: panel.scrollHeight > panel.clientHeight + 1, outside: out.length,
             goal: document.querySelector(".sl-table .goal").textContent };
  },
})
