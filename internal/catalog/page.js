"use strict";
(() => {
  const search = document.getElementById("search");
  const count = document.getElementById("count");
  const nothing = document.getElementById("nothing");
  const chart = document.getElementById("chart");

  // What each entry is found by: its name, title, URI and description,
  // read once from the page itself.
  const entries = Array.from(document.querySelectorAll("[data-entry]"), (el) => ({
    el,
    text: Array.from(el.querySelectorAll(".s"), (n) => n.textContent).join("\n").toLowerCase(),
    nav: document.querySelector('[data-nav="' + CSS.escape(el.id) + '"]'),
    bar: null,
  }));
  const bars = chart ? Array.from(chart.querySelectorAll("[data-bar]")) : [];
  const barOf = new Map();
  for (const bar of bars) {
    const a = bar.querySelector("a");
    if (a) barOf.set(a.getAttribute("href").slice(1), bar);
  }
  for (const e of entries) e.bar = barOf.get(e.el.id) || null;
  const groups = Array.from(document.querySelectorAll(".group"));
  const packages = Array.from(document.querySelectorAll(".pkg"));
  const tocPackages = Array.from(document.querySelectorAll(".toc-pkg"));

  // filter shows the entries whose text holds every word of the search,
  // hides the rest (and their lines in the contents and bars in the
  // chart), and lays the chart's remaining bars out again, one under the
  // other. It touches only what changes: a keystroke that keeps the same
  // entries costs the browser nothing to draw.
  function filter() {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0, changed = false;
    for (const e of entries) {
      const hit = words.every((w) => e.text.includes(w));
      if (e.el.hidden === hit) {
        changed = true;
        e.el.hidden = !hit;
        if (e.nav) e.nav.hidden = !hit;
        if (e.bar) e.bar.classList.toggle("filtered", !hit);
      }
      if (hit) shown++;
    }
    count.textContent = words.length ? shown + " of " + entries.length : "";
    if (!changed) return;
    for (const g of groups) g.hidden = !g.querySelector("[data-entry]:not([hidden])");
    packages.forEach((p, i) => {
      p.hidden = !p.querySelector("[data-entry]:not([hidden])");
      if (tocPackages[i]) tocPackages[i].hidden = p.hidden;
    });
    layoutChart();
    nothing.hidden = shown > 0;
  }

  // Where each bar is: where the page put it, first.
  const top = chart ? Number(chart.dataset.top) : 0, row = chart ? Number(chart.dataset.row) : 0;
  const barY = bars.map((_, i) => top + row * i);
  function layoutChart() {
    if (!chart) return;
    let i = 0;
    bars.forEach((bar, b) => {
      if (bar.classList.contains("filtered")) return;
      const y = top + row * i++;
      if (barY[b] !== y) {
        barY[b] = y;
        bar.setAttribute("transform", "translate(0 " + y + ")");
      }
    });
    const height = top + row * i + 8;
    if (chart.viewBox.baseVal.height !== height) {
      chart.setAttribute("viewBox", "0 0 " + chart.viewBox.baseVal.width + " " + height);
    }
  }

  search.addEventListener("input", filter);
  search.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      search.value = "";
      filter();
    }
  });

  // "/" focuses the search, unless the reader is typing somewhere.
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = ev.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || (t && t.isContentEditable)) return;
    ev.preventDefault();
    search.focus();
    search.select();
  });

  // A link to a part of a result's shape opens the details that hold it.
  function reveal() {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id && document.getElementById(id);
    if (!target) return;
    for (let el = target; el; el = el.parentElement) {
      if (el.tagName === "DETAILS") el.open = true;
      if (el.hidden) {
        search.value = "";
        filter();
      }
    }
    target.scrollIntoView({ block: "start" });
  }
  window.addEventListener("hashchange", reveal);
  if (location.hash) reveal();

  // On a narrow screen the contents start folded, below the header.
  if (window.matchMedia("(max-width: 900px)").matches) {
    const toc = document.querySelector(".toc details");
    if (toc) toc.open = false;
  }
})();
