"use strict";
(() => {
  const search = document.getElementById("search");
  const count = document.getElementById("count");
  const nothing = document.getElementById("nothing");
  // The toolset filter, on a page whose tools have toolsets.
  const toolset = document.getElementById("toolset");

  // What each entry is found by: its name, title, URI and description,
  // read once from the page itself.
  const entries = Array.from(document.querySelectorAll("[data-entry]"), (el) => ({
    el,
    text: Array.from(el.querySelectorAll(".s"), (n) => n.textContent).join("\n").toLowerCase(),
    nav: document.querySelector('[data-nav="' + CSS.escape(el.id) + '"]'),
  }));
  const groups = Array.from(document.querySelectorAll(".group"));
  const packages = Array.from(document.querySelectorAll(".pkg"));
  const tocPackages = Array.from(document.querySelectorAll(".toc-pkg"));

  // filter shows the entries whose text holds every word of the search,
  // and hides the rest, with their lines in the contents. It touches only
  // what changes: a keystroke that keeps the same entries costs the
  // browser nothing to draw. The chart keeps every bar: hiding hundreds of
  // them would cost more than the search itself.
  function filter() {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    const set = toolset ? toolset.value : "";
    let shown = 0, changed = false;
    for (const e of entries) {
      const hit = words.every((w) => e.text.includes(w)) && (!set || e.el.dataset.toolset === set);
      if (e.el.hidden === hit) {
        changed = true;
        e.el.hidden = !hit;
        if (e.nav) e.nav.hidden = !hit;
      }
      if (hit) shown++;
    }
    count.textContent = words.length || set ? shown + " of " + entries.length : "";
    if (!changed) return;
    for (const g of groups) g.hidden = !g.querySelector("[data-entry]:not([hidden])");
    packages.forEach((p, i) => {
      p.hidden = !p.querySelector("[data-entry]:not([hidden])");
      if (tocPackages[i]) tocPackages[i].hidden = p.hidden;
    });
    nothing.hidden = shown > 0;
  }

  search.addEventListener("input", filter);
  if (toolset) toolset.addEventListener("change", filter);
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
    settle(target);
  }

  // settle keeps target at the top of the window while the page is drawn.
  // The entries take their real height only once drawn (content-visibility),
  // and drawing those near the target, above it, pushes it down: each round
  // of scrolling draws a few more. So scroll again in every frame the
  // target moves, until it has stayed put for ten frames, or the reader
  // scrolls or follows another link.
  let settling = null;
  function settle(target) {
    if (settling) settling.abort();
    const done = new AbortController();
    settling = done;
    for (const type of ["wheel", "touchstart", "keydown", "mousedown"]) {
      window.addEventListener(type, () => done.abort(), { passive: true, signal: done.signal });
    }
    let top = target.getBoundingClientRect().top, still = 0, frames = 0;
    const step = () => {
      if (done.signal.aborted) return;
      const now = target.getBoundingClientRect().top;
      if (now !== top) {
        target.scrollIntoView({ block: "start" });
        top = target.getBoundingClientRect().top;
        still = 0;
      } else {
        still++;
      }
      if (still >= 10 || ++frames > 600) {
        done.abort();
        return;
      }
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }
  window.addEventListener("hashchange", reveal);
  if (location.hash) reveal();

  // On a narrow screen the contents start folded, below the header.
  if (window.matchMedia("(max-width: 900px)").matches) {
    const toc = document.querySelector(".toc details");
    if (toc) toc.open = false;
  }
})();
