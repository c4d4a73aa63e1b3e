/* Embed every chart of the page with the vendored vega-embed (no network). */
(function () {
  "use strict";
  var MENU_LABEL = "Chart menu: save the chart as SVG or PNG, or view its Vega-Lite source";
  /* Screen readers: name vega-embed's icon-only menu, and hide the mark groups Vega leaves
     empty (a layer whose data a drop-down has filtered away), which would be announced as
     unnamed graphics. Re-applied whenever a control redraws the chart. */
  function tidy(target) {
    target.querySelectorAll("details > summary").forEach(function (summary) {
      if (!summary.getAttribute("aria-label")) summary.setAttribute("aria-label", MENU_LABEL);
    });
    target.querySelectorAll('svg [role="graphics-symbol"]').forEach(function (g) {
      var named = g.getAttribute("aria-label") || g.querySelector("title");
      if (!named && !g.firstElementChild) g.setAttribute("aria-hidden", "true");
      else if (g.getAttribute("aria-hidden") === "true" && g.firstElementChild) g.removeAttribute("aria-hidden");
    });
  }
  function embedAll() {
    if (typeof window.vegaEmbed !== "function") {
      console.error("overcommit.js: vega bundle not loaded");
      return;
    }
    document.querySelectorAll("script.oc-vega-spec").forEach(function (script) {
      var target = document.getElementById(script.dataset.target);
      if (!target || target.dataset.embedded) return;
      target.dataset.embedded = "1";
      var spec = JSON.parse(script.textContent);
      var room = (target.parentElement || target).clientWidth;
      if (room && room < NARROW) narrow(spec);
      embed(target, spec, room, 0);
    });
  }

  /* Narrow screens (a phone is about 350 px of text wide): side-by-side views are stacked
     and legends go below their plot, before the first drawing; then, if the drawing is
     still wider than its box, every plot width is scaled down by the overshoot and the
     chart drawn again (twice at most). Wide screens draw the spec as it is. */
  var NARROW = 640;
  var OPTIONS = { renderer: "svg", actions: { export: true, source: true, compiled: false, editor: false } };
  /* A chart that loads a shared data file names it from the site's root ("_static/data/...",
     which is also where JupyterLab finds it beside the notebooks): resolve it against the
     root Sphinx records on the page, not against the page's own folder. */
  var ROOT = document.documentElement.dataset.content_root;
  if (ROOT !== undefined) OPTIONS.loader = { baseURL: ROOT };

  function walk(node, visit) {
    if (Array.isArray(node)) { node.forEach(function (n) { walk(n, visit); }); return; }
    if (!node || typeof node !== "object") return;
    visit(node);
    Object.keys(node).forEach(function (key) { if (key !== "data" && key !== "datasets") walk(node[key], visit); });
  }

  /* A title is drawn on one line however long it is: break long ones into lines. */
  function lines(text, width) {
    var out = [], line = "";
    text.split(" ").forEach(function (word) {
      if (line && (line + " " + word).length > width) { out.push(line); line = word; }
      else line = line ? line + " " + word : word;
    });
    if (line) out.push(line);
    return out;
  }

  function wrapText(t, width) {
    if (typeof t === "string") return t.length > width ? lines(t, width) : t;
    if (Array.isArray(t) && t.every(function (x) { return typeof x === "string"; })) {
      return [].concat.apply([], t.map(function (x) { return lines(x, width); }));
    }
    return t;
  }

  function wrapTitle(holder, key, width) {
    var t = holder[key];
    if (t && typeof t === "object" && !Array.isArray(t)) {
      t.text = wrapText(t.text, width);
      if (t.subtitle) t.subtitle = wrapText(t.subtitle, width + 8);
    } else holder[key] = wrapText(t, width);
  }

  function narrow(spec) {
    walk(spec, function (node) {
      if (node.title !== undefined) wrapTitle(node, "title", 42);
      if (node.hconcat) { node.vconcat = node.hconcat; delete node.hconcat; }
      if (node.legend && typeof node.legend === "object") {
        if (/^(right|left)$/.test(node.legend.orient || "")) node.legend.orient = "bottom";
        if (/^(bottom|top)$/.test(node.legend.orient || "")) node.legend.columns = 1;
        if (node.legend.labelLimit && node.legend.labelLimit < 300) node.legend.labelLimit = 300;
      }
    });
    spec.config = spec.config || {};
    spec.config.legend = Object.assign({ orient: "bottom", columns: 1, labelLimit: 300 }, spec.config.legend || {});
  }

  function scaleWidths(spec, factor) {
    walk(spec, function (node) {
      if (node.mark !== undefined || node.layer || node.vconcat || node.encoding) {
        if (typeof node.width === "number") {
          // a square plot (a scatter of model against paper) stays square
          if (typeof node.height === "number" && node.height >= node.width) node.height = Math.max(100, Math.floor(node.height * factor));
          node.width = Math.max(100, Math.floor(node.width * factor));
        }
      }
    });
  }

  function embed(target, spec, room, pass) {
    return window
      .vegaEmbed(target, spec, OPTIONS)
      .then(function (result) {
        var svg = target.querySelector("svg");
        var drawn = svg ? svg.getBoundingClientRect().width : 0;
        if (room && room < NARROW && drawn > room + 1 && pass < 3) {
          result.finalize();
          scaleWidths(spec, (room - 8) / drawn);
          return embed(target, spec, room, pass + 1);
        }
        tidy(target);
        new MutationObserver(function () { tidy(target); }).observe(target, { childList: true, subtree: true });
      })
      .catch(function (err) {
        target.textContent = "This chart could not be drawn: " + err;
        console.error(err);
      });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", embedAll);
  } else {
    embedAll();
  }
})();
