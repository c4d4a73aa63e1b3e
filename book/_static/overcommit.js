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
  /* Every chart of the page: its target, its spec's script (the original spec, parsed afresh
     for every drawing), the theme it was last drawn for, vega-embed's result, and a queue so
     that one drawing finishes before the next starts. */
  var CHARTS = [];

  /* What the tooltips of a drawn chart say, one row per mark that has one, in drawing
     order: what the reader would read by hovering every mark the chart's controls leave on
     the screen. A tooltip that is an object gives its fields as they are shown; a plain
     value is one field, "Value". Rows that say the same are kept once. */
  function tooltipRows(view) {
    var rows = [], seen = {};
    function visit(mark) {
      (mark.items || []).forEach(function (item) {
        if (mark.marktype === "group") (item.items || []).forEach(visit);
        if (!hasTip(item)) return;
        var row = {}, t = fields(item.tooltip);
        Object.keys(t).forEach(function (key) {
          var v = t[key];
          row[key] = v === undefined || v === null ? "" : String(v);
        });
        var key = JSON.stringify(row);
        if (seen[key]) return;
        seen[key] = 1;
        rows.push(row);
      });
    }
    var graph = view && view.scenegraph && view.scenegraph();
    if (graph && graph.root) visit(graph.root);
    return rows;
  }

  /* --- values without hover ----------------------------------------------------------

     Vega opens a tooltip on pointermove only: a finger never moves over a mark, so on a
     phone no tooltip opened. A tap (a click, with a mouse) on a mark opens its tooltip
     through the view's own handler, the one hover uses (a line's nearest point included), so
     it looks the same; a tap elsewhere, on the same mark again, or Escape closes it, and so
     does scrolling the page away from it (the tooltip stays where the screen put it, the
     mark does not). */
  var pinned = null;  // the view whose tooltip a tap opened, and the page's scroll then

  function tipElement() { return document.getElementById("vg-tooltip-element"); }

  function closeTip() {
    var el = tipElement();
    if (pinned && el) pinned.view.tooltip().call(pinned.view, pinned.view._handler, {}, null, null);
    else if (el) el.classList.remove("visible");
    pinned = null;
  }

  function hasTip(item) { return !!item && item.tooltip !== undefined && item.tooltip !== null && item.tooltip !== ""; }

  // a tooltip's fields: an object's own, a plain value as one field, "Value"
  function fields(t) { return t && typeof t === "object" && !Array.isArray(t) ? t : { Value: t }; }

  /* The marks of the view's drawing under a point of the window that have a tooltip,
     topmost first. */
  function tipItemsAt(view, event) {
    if (!event || event.clientX === undefined || !document.elementsFromPoint) return [];
    var svg = view.container() && view.container().querySelector("svg");
    if (!svg) return [];
    var found = [];
    document.elementsFromPoint(event.clientX, event.clientY).forEach(function (el) {
      if (!svg.contains(el)) return;
      var d = el.__data__;
      d = Array.isArray(d) ? d[0] : d;
      if (hasTip(d)) found.push(d);
    });
    return found;
  }

  /* The mark a tap is for: the one under the finger, or, where that one has no tooltip (a
     label written over a bar, a rule across it), the first below it that has one. */
  function tipItemAt(view, event, item) {
    return hasTip(item) ? item : tipItemsAt(view, event)[0] || item;
  }

  function tap(view, event, item) {
    var el = tipElement(), open = pinned && el && el.classList.contains("visible") ? el.innerHTML : null;
    item = tipItemAt(view, event, item);
    if (!hasTip(item)) { if (pinned) closeTip(); return; }
    view._handler.handleTooltip(event, item, true);
    el = tipElement();
    if (!el || !el.classList.contains("visible")) { pinned = null; return; }
    if (open !== null && pinned.view === view && el.innerHTML === open) { closeTip(); return; }
    pinned = { view: view, y: window.scrollY };
    fitTip();
  }

  /* Marks drawn on one spot (a model's point under the paper's diamond, two CPU counts at
     one value, a point at the end of a bar) each have a tooltip, but the pointer or a finger
     reaches the topmost only, and the values of the others could not be read anywhere on
     the chart. The tooltip lists every mark with a tooltip under the pointer, the topmost
     first, each after a row saying so; a mark whose tooltip says the same is listed once. */
  var ALSO = "also at this spot";
  function tipsAt(view, event, item) {
    var seen = [JSON.stringify(item.tooltip)];
    return tipItemsAt(view, event).map(function (d) { return d.tooltip; }).filter(function (t) {
      var said = JSON.stringify(t);
      if (seen.indexOf(said) >= 0) return false;
      seen.push(said);
      return true;
    });
  }

  function together(value, others) {
    var out = {};
    // vega-tooltip shows an object's fields as rows: a field named twice keeps its name,
    // made different by an invisible character
    function put(key, v) { while (Object.prototype.hasOwnProperty.call(out, key)) key += "\u200b"; out[key] = v; }
    function add(rows) { Object.keys(rows).forEach(function (k) { put(k, rows[k]); }); }
    var first = fields(value);
    add(first);
    // of the others, what differs from the first: five CPU counts at one point of a chart
    // are five CIDs and their values, not five copies of the environment's name
    // (a line's point and the open circle over it say the same in other words: listed once)
    var differ = [], said = [];
    others.forEach(function (o) {
      var rows = fields(o), kept = {};
      Object.keys(rows).forEach(function (k) { if (String(rows[k]) !== String(first[k])) kept[k] = rows[k]; });
      var key = JSON.stringify(kept);
      if (key === "{}" || said.indexOf(key) >= 0) return;
      said.push(key);
      differ.push(kept);
    });
    differ.forEach(function (kept, i) {
      put(ALSO, differ.length > 1 ? "(" + (i + 1) + " of " + differ.length + ")" : "");
      add(kept);
    });
    return out;
  }

  /* The handler wraps the one vega-embed gives each view, set before the view's first
     drawing: setting a view's tooltip handler afterwards makes Vega start its renderer
     afresh, and the drawn chart lost its marks' elements. The bundle does not export Vega's
     View, so an empty Vega spec, drawn nowhere, shows where it is. */
  function listEveryTip() {
    return window.vegaEmbed(document.createElement("div"), {}, { mode: "vega", renderer: "none", actions: false })
      .then(function (probe) {
        var proto = Object.getPrototypeOf(probe.view);
        probe.finalize();
        if (!proto || typeof proto.tooltip !== "function" || proto.tooltip.ocEvery) return;
        var setTip = proto.tooltip;
        var tooltip = function (own) {
          if (!arguments.length || typeof own !== "function" || own.ocEvery) return setTip.apply(this, arguments);
          var every = function (handler, event, item, value) {
            if (hasTip(item) && value !== undefined && value !== null) {
              var others = tipsAt(this, event, item);
              if (others.length) value = together(value, others);
            }
            return own.call(this, handler, event, item, value);
          };
          every.ocEvery = true;
          return setTip.call(this, every);
        };
        tooltip.ocEvery = true;
        proto.tooltip = tooltip;
      })
      .catch(function (err) { console.error("overcommit.js: tooltips of marks on one spot: " + err); });
  }

  /* vega-tooltip places the box beside the pointer where it fits in the window, else above
     and left of it: on a phone a wide tooltip fitted nowhere and ran off the left edge. The
     box is moved back inside the window, whatever opened it. */
  var pointer = null;  // where the pointer or finger last was, in the window
  function fitTip() {
    var el = tipElement();
    if (!el || !el.classList.contains("visible")) return;
    var r = el.getBoundingClientRect(), w = document.documentElement.clientWidth, h = window.innerHeight, m = 4;
    var left = Math.max(m, Math.min(r.left, w - m - r.width)), top = Math.max(m, Math.min(r.top, h - m - r.height));
    // moved in, it may cover the very mark it is about: then below the finger, or above it
    if (pointer && pointer.x >= left && pointer.x <= left + r.width && pointer.y >= top && pointer.y <= top + r.height) {
      if (pointer.y + 16 + r.height <= h - m) top = pointer.y + 16;
      else if (pointer.y - 16 - r.height >= m) top = pointer.y - 16 - r.height;
    }
    if (Math.abs(left - r.left) > 0.5) el.style.left = left + "px";
    if (Math.abs(top - r.top) > 0.5) el.style.top = top + "px";
  }

  var watchingTips = false;
  function watchTips() {
    if (watchingTips) return;
    watchingTips = true;
    var fitting = null;
    function follow() {
      var el = tipElement();
      if (!el || fitting === el) return;
      fitting = el;
      new MutationObserver(fitTip).observe(el, { attributes: true, attributeFilter: ["style", "class"] });
    }
    follow();
    new MutationObserver(follow).observe(document.body, { childList: true });
    ["pointermove", "pointerdown"].forEach(function (type) {
      document.addEventListener(type, function (event) { pointer = { x: event.clientX, y: event.clientY }; },
                                { passive: true, capture: true });
    });
    document.addEventListener("click", function (event) {
      // a tap on a chart's drawing is the view's (tap above); anywhere else it closes
      if (pinned && !(event.target.closest && event.target.closest(".oc-vega svg"))) closeTip();
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && tipElement() && tipElement().classList.contains("visible")) closeTip();
    });
    window.addEventListener("scroll", function () {
      if (pinned && Math.abs(window.scrollY - pinned.y) > 40) closeTip();
    }, { passive: true });
  }

  /* --- the numbers, and a name for the drawing ------------------------------------------

     A keyboard, a screen reader or a reader who wants every value at once cannot hover each
     mark. Under every chart whose marks have tooltips goes a "Show the numbers" button that
     opens a table of what the tooltips say for the marks drawn now (tooltipRows: after the
     chart's controls), one column per tooltip field; columns empty in every row are left
     out. The table is rebuilt after every drawing and every change of the chart's controls
     while it is open, and stays open across drawings (the theme switch draws again). */
  function figureOf(chart) {
    var fig = chart.target.closest("figure");
    var number = fig && fig.querySelector(".caption-number");
    var text = fig && fig.querySelector(".caption-text");
    var title = text && (text.querySelector("strong") || text).textContent;
    return {
      number: number ? number.textContent.trim() : "",
      title: title ? firstSentence(title.replace(/\s+/g, " ").trim()) : ""
    };
  }

  function firstSentence(text) {
    var m = /^[\s\S]*?[.!?](?=\s+[A-Z(\u201c"]|\s*$)/.exec(text || "");
    return (m ? m[0] : text || "").trim();
  }

  function specTitle(spec) {
    var t = spec && spec.title;
    if (t && typeof t === "object" && !Array.isArray(t)) t = t.text;
    if (Array.isArray(t)) t = t.join(" ");
    return typeof t === "string" ? t.trim() : "";
  }

  /* The drawing's accessible name, one sentence: the first of the spec's description (the
     whole of it is the figure's label), or the caption's first when that one says too
     little ("Two panels."), or the chart's title. Vega names its own wrapper, which also
     holds the chart's controls, as the "visualization": the name and that role go on the
     drawing itself. */
  function describe(chart, view, spec) {
    var svg = chart.target.querySelector("svg");
    if (!svg) return;
    var fig = figureOf(chart), first = firstSentence(view.description() || spec.description || "");
    var name = first.length >= 40 ? first : (fig.title || first || specTitle(spec));
    if (!name) return;
    var wrapper = view.container();
    if (wrapper && wrapper !== svg) ["role", "aria-roledescription", "aria-label"].forEach(function (a) { wrapper.removeAttribute(a); });
    svg.setAttribute("role", "graphics-document");
    svg.setAttribute("aria-roledescription", "visualization");
    svg.setAttribute("aria-label", name);
  }

  function hasTooltips(view) {
    var found = false;
    function visit(mark) {
      (mark.items || []).forEach(function (item) {
        if (found) return;
        if (item.tooltip !== undefined && item.tooltip !== null && item.tooltip !== "") found = true;
        else if (mark.marktype === "group") (item.items || []).forEach(visit);
      });
    }
    var graph = view.scenegraph();
    if (graph && graph.root) visit(graph.root);
    return found;
  }

  var NUMBERED = 0;
  function numbersControl(chart) {
    if (chart.numbers) return chart.numbers;
    var id = (chart.target.id || "oc-chart-" + (++NUMBERED)) + "-numbers";
    var fig = figureOf(chart);
    var box = document.createElement("div");
    box.className = "oc-numbers-box";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "oc-numbers-toggle";
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-controls", id);
    button.appendChild(document.createTextNode("Show the numbers"));
    if (fig.number) {
      // several on a page: each button's name says whose numbers it shows
      var whose = document.createElement("span");
      whose.className = "oc-visually-hidden";
      whose.textContent = " of " + fig.number;
      button.appendChild(whose);
    }
    var panel = document.createElement("div");
    panel.className = "oc-numbers";
    panel.id = id;
    panel.hidden = true;
    box.appendChild(button);
    box.appendChild(panel);
    var host = chart.target.closest(".oc-chart") || chart.target;
    host.insertAdjacentElement("afterend", box);
    button.addEventListener("click", function () {
      var open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", open ? "true" : "false");
      panel.hidden = !open;
      if (open) fillNumbers(chart);
    });
    chart.numbers = { box: box, button: button, panel: panel, id: id, figure: fig };
    return chart.numbers;
  }

  function fillNumbers(chart) {
    var n = chart.numbers;
    if (!n || n.panel.hidden || !chart.result) return;
    var rows = tooltipRows(chart.result.view), fields = [];
    rows.forEach(function (row) {
      Object.keys(row).forEach(function (k) { if (fields.indexOf(k) < 0) fields.push(k); });
    });
    fields = fields.filter(function (k) { return rows.some(function (row) { return row[k] !== undefined && row[k] !== ""; }); });
    var table = document.createElement("table");
    table.className = "oc-numbers-table";
    var caption = table.createCaption();
    caption.id = n.id + "-caption";
    var what = n.figure.number ? n.figure.number + (n.figure.title ? ", " + n.figure.title.replace(/[.!?]$/, "") : "")
                               : specTitle(chart.result.spec) || "This chart";
    var controls = chart.target.querySelector(".vega-bindings input, .vega-bindings select");
    caption.textContent = what + ": the values of its tooltips" + (controls ? ", for the settings chosen above" : "") +
      " (" + rows.length + (rows.length === 1 ? " mark" : " marks") + ").";
    var head = table.createTHead().insertRow();
    fields.forEach(function (k) {
      var th = document.createElement("th");
      th.scope = "col";
      th.textContent = k;
      head.appendChild(th);
    });
    var body = table.createTBody();
    rows.forEach(function (row) {
      var tr = body.insertRow();
      fields.forEach(function (k) { tr.insertCell().textContent = row[k] === undefined ? "" : row[k]; });
    });
    var scroller = n.panel.querySelector(".oc-numbers-scroll");
    var left = scroller ? scroller.scrollLeft : 0, top = scroller ? scroller.scrollTop : 0;
    if (!scroller) {
      // a table wider than a phone scrolls in its own box, which a keyboard can scroll too
      scroller = document.createElement("div");
      scroller.className = "oc-numbers-scroll";
      scroller.tabIndex = 0;
      scroller.setAttribute("role", "region");
      scroller.setAttribute("aria-labelledby", caption.id);
      n.panel.appendChild(scroller);
    }
    scroller.textContent = "";
    // the caption spans the whole table, which may be wider than the screen: what it says
    // is shown above the scroll box, and the caption itself is for screen readers
    var said = n.panel.querySelector(".oc-numbers-said");
    if (!said) {
      said = document.createElement("p");
      said.className = "oc-numbers-said";
      said.setAttribute("aria-hidden", "true");
      n.panel.insertBefore(said, scroller);
    }
    said.textContent = caption.textContent;
    caption.className = "oc-visually-hidden";
    if (!rows.length) {
      var none = document.createElement("p");
      none.id = caption.id;
      none.textContent = "No mark with a value is drawn for these settings.";
      scroller.appendChild(none);
    } else scroller.appendChild(table);
    scroller.scrollLeft = left;
    scroller.scrollTop = top;
  }

  /* After a change of a control the view runs again: the table follows once it has. */
  function refillSoon(chart) {
    if (!chart.numbers || chart.numbers.panel.hidden) return;
    clearTimeout(chart.refill);
    chart.refill = setTimeout(function () {
      var view = chart.result && chart.result.view;
      if (view) view.runAsync().then(function () { fillNumbers(chart); }).catch(function (err) { console.error(err); });
    }, 60);
  }

  /* After every drawing: taps open tooltips, the drawing is named, the numbers follow. */
  function afterDrawing(chart, result) {
    var view = result.view;
    view.addEventListener("click", function (event, item) { tap(view, event, item); });
    watchTips();
    describe(chart, view, result.spec || {});
    if (chart.numbers || hasTooltips(view)) numbersControl(chart);
    if (!chart.listening) {
      chart.listening = true;
      // the controls are made anew with every drawing, inside the target: listened to there
      ["input", "change"].forEach(function (type) {
        chart.target.addEventListener(type, function (event) {
          if (event.target.closest && event.target.closest(".vega-bindings")) refillSoon(chart);
        });
      });
    }
    fillNumbers(chart);
  }

  /* For other scripts of the page and the browser tests: the charts, and what each one's
     tooltips say now (by the chart's target element or its id). */
  window.OC = {
    charts: CHARTS,
    tooltipRows: function (target) {
      var id = typeof target === "string" ? target : target && target.id;
      var chart = CHARTS.filter(function (c) { return c.target.id === id; })[0];
      return chart && chart.result ? tooltipRows(chart.result.view) : [];
    }
  };

  function embedAll() {
    if (typeof window.vegaEmbed !== "function") {
      console.error("overcommit.js: vega bundle not loaded");
      return;
    }
    document.querySelectorAll("script.oc-vega-spec").forEach(function (script) {
      var target = document.getElementById(script.dataset.target);
      if (!target || target.dataset.embedded) return;
      target.dataset.embedded = "1";
      var chart = { target: target, script: script, theme: null, result: null, queue: Promise.resolve() };
      CHARTS.push(chart);
    });
    // one chart at a time, those on the first screens first, with a pause between them in
    // which the browser paints: drawn all at once, the charts shared a phone's processor and
    // the first one appeared when nearly all had
    var reach = window.innerHeight * 1.5;
    var first = CHARTS.filter(function (c) { return c.target.getBoundingClientRect().top < reach; });
    var later = CHARTS.filter(function (c) { return first.indexOf(c) < 0; });
    first.concat(later).reduce(function (done, chart) {
      return done.then(function () { return draw(chart); })
        .then(function () { return new Promise(function (resolve) { setTimeout(resolve, 0); }); });
    }, CHARTS.length ? listEveryTip() : Promise.resolve());
    watchTheme();
  }

  /* Draw a chart for the page's current theme, unless it already shows that theme: the spec
     as the page stores it, recoloured for a dark page, narrowed for a phone. A reader's
     settings of the chart's controls are carried over to the new drawing. */
  function draw(chart) {
    chart.queue = chart.queue.then(function () {
      var theme = currentTheme();
      if (chart.theme === theme) return;
      var state = boundState(chart);
      if (chart.result) { chart.result.finalize(); chart.result = null; }
      chart.theme = theme;
      var spec = JSON.parse(chart.script.textContent);
      // the paper's hosts on the sliders (usermeta.stops): from the spec as stored, which a
      // phone layout (usermeta.narrow) replaces
      chart.stops = (spec.usermeta && spec.usermeta.stops) || {};
      var room = (chart.target.parentElement || chart.target).clientWidth;
      // a diagram whose boxes and labels cannot simply be squeezed carries its own phone
      // layout (usermeta.narrow, a whole Vega-Lite spec): drawn instead, then narrowed as usual
      if (room && room < NARROW && spec.usermeta && spec.usermeta.narrow) spec = spec.usermeta.narrow;
      if (theme === "dark") darken(spec);
      if (room && room < NARROW) narrow(spec);
      return embed(chart, spec, room, 0, state);
    });
    return chart.queue;
  }

  /* --- dark mode ----------------------------------------------------------------------

     The theme sets <html data-theme="light|dark">. On a dark page a chart is drawn from a
     copy of its spec in which every colour that would vanish (palette.DARK, as
     window.OC_DARK.swap, written by overcommit.book.sphinxext from overcommit.book.palette)
     is swapped for its counterpart, with axes, legends and titles in palette.DARK_TEXT on
     palette.DARK_BACKGROUND. Light mode draws the spec exactly as stored. */
  var DARK = window.OC_DARK || null;

  function currentTheme() {
    return DARK && document.documentElement.dataset.theme === "dark" ? "dark" : "light";
  }

  /* Keys whose strings are words or data values, never colours: a category named "white"
     in a scale's domain, a title, a field name. Objects under them (a title's colour) are
     still recoloured. */
  var NOT_COLOURS = { "$schema": 1, as: 1, datum: 1, description: 1, domain: 1, field: 1, fold: 1, labels: 1,
                      name: 1, options: 1, sort: 1, subtitle: 1, text: 1, title: 1, values: 1 };

  function swapped(value, swap) {
    var dark = typeof value === "string" && Object.prototype.hasOwnProperty.call(swap, value.toLowerCase())
      ? swap[value.toLowerCase()] : undefined;
    return dark === undefined ? value : dark;
  }

  /* Swap in place; a value is only written when it changes (the compiled Vega spec holds
     Vega-Lite objects with read-only properties). */
  function recolour(node, swap) {
    if (Array.isArray(node)) {
      node.forEach(function (item, i) {
        if (typeof item !== "string") recolour(item, swap);
        else if (swapped(item, swap) !== item) node[i] = swapped(item, swap);
      });
      return;
    }
    if (!node || typeof node !== "object") return;
    Object.keys(node).forEach(function (key) {
      if (key === "data" || key === "datasets") return;
      var value = node[key];
      if (NOT_COLOURS[key] === 1) {
        // only the objects inside: {"title": {"text": ..., "color": ...}}
        if (Array.isArray(value)) value.forEach(function (item) { recolour(item, swap); });
        else if (value && typeof value === "object") recolour(value, swap);
      } else if (typeof value === "string") {
        if (swapped(value, swap) !== value) node[key] = swapped(value, swap);
      } else recolour(value, swap);
    });
  }

  function mergeInto(base, extra) {
    Object.keys(extra).forEach(function (key) {
      var value = extra[key];
      if (value && typeof value === "object" && !Array.isArray(value) &&
          base[key] && typeof base[key] === "object" && !Array.isArray(base[key])) mergeInto(base[key], value);
      else base[key] = value;
    });
    return base;
  }

  /* The colours themselves are swapped once, on the compiled Vega spec (DARK_OPTIONS.patch):
     it holds every colour of the Vega-Lite spec and those Vega-Lite adds, and a swap that is
     its own inverse (the BLUES ramp reversed) must not run twice. */
  function darken(spec) {
    var text = DARK.text, grid = DARK.grid || DARK.text;
    spec.config = mergeInto(spec.config || {}, {
      background: DARK.background,
      axis: { labelColor: text, titleColor: text, domainColor: text, tickColor: text, gridColor: grid },
      legend: { labelColor: text, titleColor: text },
      header: { labelColor: text, titleColor: text },
      title: { color: text, subtitleColor: text },
      view: { stroke: grid },
      text: { color: text },
      rule: { color: text }
    });
  }

  /* vega-embed's options on a dark page: vega-tooltip's dark style, and the swap on the
     compiled Vega spec, which also catches the colours Vega-Lite adds itself (it draws the
     symbols of a legend that is not a colour legend, such as the dashes of a strokeDash
     legend, in "black"). */
  var DARK_OPTIONS = {
    tooltip: { theme: "dark" },
    patch: function (vgSpec) { recolour(vgSpec, DARK.swap); return vgSpec; }
  };

  /* The theme switch re-draws every chart (once the drawing under way has finished). */
  var watching = false;
  function watchTheme() {
    if (watching || !DARK) return;
    watching = true;
    new MutationObserver(function () { CHARTS.forEach(draw); })
      .observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  }

  /* The values of the chart's bound controls (sliders, drop-downs), to set again on the
     next drawing. */
  function boundState(chart) {
    var state = {};
    if (!chart.result) return state;
    (chart.result.spec && chart.result.spec.params || []).forEach(function (param) {
      if (!param || !param.name || !param.bind || param.select) return;
      try { state[param.name] = chart.result.view.signal(param.name); } catch (e) { /* not a signal of the view */ }
    });
    return state;
  }

  function restore(view, state) {
    var names = Object.keys(state);
    if (!names.length) return Promise.resolve();
    names.forEach(function (name) {
      try { view.signal(name, state[name]); } catch (e) { /* the new drawing has no such signal */ }
    });
    return view.runAsync();
  }

  /* --- exact values -------------------------------------------------------------------

     A slider alone cannot reach every value: the any-host memory slider packs 63 steps of
     8 GiB into about 130 px, and 96 or 112 GiB could not be hit by dragging. Beside every
     slider of a chart goes a number box with the same minimum, maximum and step that sets
     the same Vega signal; each follows the other (the slider through Vega's own binding,
     the box through a signal listener). The box shows the value, so Vega's readout goes.
     The paper's hosts, where the chart names them (usermeta.stops, written by
     overcommit.book.figures.paper_stops), are marked on the slider as stops (a <datalist>,
     drawn as ticks). Done again after every drawing: a new drawing makes new controls. */
  function decimals(step) {
    var text = String(step), dot = text.indexOf(".");
    return dot < 0 ? 0 : text.length - dot - 1;
  }

  /* The value of the slider's grid nearest to ``value``, within its range. */
  function snapped(value, range) {
    var lo = +range.min, hi = +range.max, step = +range.step || 1;
    var v = lo + Math.round((Math.min(hi, Math.max(lo, value)) - lo) / step) * step;
    return +Math.min(hi, v).toFixed(decimals(range.step));
  }

  function exact(chart, view) {
    chart.target.querySelectorAll(".vega-bind input[type=range]").forEach(function (range, i) {
      var bind = range.closest(".vega-bind"), name = range.name;
      if (!bind || bind.querySelector("input.oc-exact")) return;
      var title = bind.querySelector(".vega-bind-name");
      var box = document.createElement("input");
      box.type = "number";
      box.className = "oc-exact";
      box.min = range.min; box.max = range.max; box.step = range.step;
      box.inputMode = decimals(range.step) ? "decimal" : "numeric";
      box.setAttribute("aria-label", ((title && title.textContent) || name).trim() + ", exact value");
      box.value = view.signal(name);
      var readout = range.nextElementSibling;
      if (readout && readout.tagName === "SPAN") readout.hidden = true;
      else readout = null;
      // in the slider's label, after it: one row with it on a phone (the label names the
      // slider, its first control; the box has its own name)
      (readout || range).insertAdjacentElement("afterend", box);
      var stops = chart.stops && chart.stops[name];
      if (stops && stops.length) {
        var list = document.createElement("datalist");
        list.id = chart.target.id + "-stops-" + i;
        stops.forEach(function (v) {
          var option = document.createElement("option");
          option.value = v;
          list.appendChild(option);
        });
        bind.appendChild(list);
        range.setAttribute("list", list.id);
      }
      function set(value) {
        if (+view.signal(name) === value) return;
        view.signal(name, value);
        view.runAsync().catch(function (err) { console.error(err); });
      }
      // while typing, only a value the slider can take is applied ("1" on the way to "112"
      // is not); Enter or leaving the box applies the nearest one
      box.addEventListener("input", function () {
        var v = box.valueAsNumber;
        if (isFinite(v) && snapped(v, range) === v) set(v);
      });
      function commit() {
        var v = isFinite(box.valueAsNumber) ? snapped(box.valueAsNumber, range) : +view.signal(name);
        box.value = v;
        set(v);
      }
      box.addEventListener("change", commit);
      // Vega's controls sit in a <form>: with one box in it, Enter would submit it and
      // reload the page
      box.addEventListener("keydown", function (event) {
        if (event.key === "Enter") { event.preventDefault(); commit(); }
      });
      view.addSignalListener(name, function (_, value) {
        if (box.valueAsNumber !== +value) box.value = value;
      });
    });
  }

  /* Narrow screens (a phone is about 350 px of text wide): side-by-side views are stacked
     and legends go below their plot, before the first drawing. Then, at any width, if the
     drawing and vega-embed's gutter for its menu (padding on the target) are wider than the
     box, titles that run past the box are wrapped shorter, or else every plot width is
     scaled down by the overshoot, and the chart drawn again (four times at most): a chart a
     few pixels too wide gave its box a sideways scroll bar. */
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

  /* Every title of a spec (a view's, an axis's, a legend's), with its text as the spec
     stored it and the width it is wrapped at (characters; Infinity: not wrapped), so that a
     title found running past its box can be wrapped again, shorter, from its own lines. */
  function titles(spec) {
    if (!spec.__ocTitles) {
      var list = [];
      walk(spec, function (node) {
        var t = node.title;
        if (t === undefined || t === null) return;
        var text = t && typeof t === "object" && !Array.isArray(t) ? t.text : t;
        var sub = t && typeof t === "object" && !Array.isArray(t) ? t.subtitle : undefined;
        if (!wrappable(text) && !wrappable(sub)) return;  // an expression: drawn as it is
        list.push({ holder: node, text: text, subtitle: sub, width: Infinity });
      });
      Object.defineProperty(spec, "__ocTitles", { value: list, enumerable: false });
    }
    return spec.__ocTitles;
  }

  function wrappable(t) {
    return typeof t === "string" || (Array.isArray(t) && t.every(function (x) { return typeof x === "string"; }));
  }

  function rewrap(entry, width) {
    entry.width = width;
    var t = entry.holder.title;
    if (t && typeof t === "object" && !Array.isArray(t)) {
      if (wrappable(entry.text)) t.text = wrapText(entry.text, width);
      if (wrappable(entry.subtitle)) t.subtitle = wrapText(entry.subtitle, width + 8);
    } else entry.holder.title = wrapText(entry.text, width);
  }

  /* After a phone drawing: the lines of view titles that end past the right edge of the box
     (a title anchored at the left of a plot that a neighbour panel's axis labels push right,
     or a chart in the narrower box of a live explorer: wrapped at 42 characters, they still
     ran off). Shrinking the plots does not move such a title left, so each is wrapped again
     at the number of characters that fit; true if any was. Axis titles are centred under
     their plot and move with it. */
  function shortenTitles(spec, svg, right) {
    var changed = false, entries = titles(spec);
    svg.querySelectorAll(".role-title text").forEach(function (text) {
      var spans = text.querySelectorAll("tspan");
      (spans.length ? Array.prototype.slice.call(spans) : [text]).forEach(function (line) {
        var r = line.getBoundingClientRect(), words = (line.textContent || "").trim();
        if (!words || r.right <= right + 1 || r.width <= 0) return;
        var fit = Math.floor((right - r.left - 4) / (r.width / words.length));
        entries.forEach(function (entry) {
          var own = [].concat(entry.holder.title && entry.holder.title.text !== undefined ? entry.holder.title.text : entry.holder.title,
                              entry.holder.title && entry.holder.title.subtitle || []);
          if (own.indexOf(words) < 0) return;
          var width = Math.max(12, Math.min(fit, (entry.width === Infinity ? words.length : entry.width) - 2));
          if (width < entry.width) { rewrap(entry, width); changed = true; }
        });
      });
    });
    return changed;
  }

  function narrow(spec) {
    titles(spec).forEach(function (entry) { rewrap(entry, 42); });
    // a chart may name columns of its data laid out for a phone (usermeta.narrowFields,
    // {wide: phone}): a scatter's names moved apart further where a phone's plot brings
    // them together
    var swap = (spec.usermeta && spec.usermeta.narrowFields) || {};
    if (Object.keys(swap).length) walk(spec, function (node) {
      if (node.encoding) Object.keys(node.encoding).forEach(function (ch) {
        var e = node.encoding[ch];
        if (e && typeof e.field === "string" && swap[e.field]) e.field = swap[e.field];
      });
    });
    walk(spec, function (node) {
      if (node.hconcat) {
        // a panel beside another left the row labels to it; stacked below, it needs its own
        node.hconcat.slice(1).forEach(function (panel) {
          walk(panel, function (n) {
            var axis = n.encoding && n.encoding.y && n.encoding.y.axis;
            if (axis && axis.labels === false) { delete axis.labels; delete axis.ticks; }
          });
        });
        node.vconcat = node.hconcat; delete node.hconcat;
      }
      if (node.legend && typeof node.legend === "object") {
        if (/^(right|left)$/.test(node.legend.orient || "")) node.legend.orient = "bottom";
        if (/^(bottom|top)$/.test(node.legend.orient || "")) node.legend.columns = 1;
        if (node.legend.labelLimit && node.legend.labelLimit < 300) node.legend.labelLimit = 300;
      }
    });
    spec.config = spec.config || {};
    spec.config.legend = Object.assign({ orient: "bottom", columns: 1, labelLimit: 300 }, spec.config.legend || {});
    // two legends below a plot stand one above the other: side by side (a scatter's colours
    // and shapes) they were wider than a phone, ran off its edge ("not a fit target (same
    // paragraphs)") and shrank the plot to make room
    spec.config.legend.layout = Object.assign({ bottom: { anchor: "start", direction: "vertical" } },
                                              spec.config.legend.layout || {});
    // a centred title over a plot pushed right by long axis labels runs off a phone's edge
    spec.config.title = Object.assign({ anchor: "start", frame: "bounds" }, spec.config.title || {});
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
      // text drawn in the plot (labels of a diagram's boxes) shrinks with it, down to 8 px,
      // or a narrowed diagram's labels run into each other
      var mark = node.mark;
      if (mark === "text" || (mark && typeof mark === "object" && mark.type === "text")) {
        if (typeof mark === "string") mark = node.mark = { type: "text" };
        mark.fontSize = Math.max(8, Math.floor((mark.fontSize || 11) * factor));
      }
    });
  }

  function embed(chart, spec, room, pass, state) {
    var target = chart.target;
    var options = OPTIONS;
    if (chart.theme === "dark") options = Object.assign({}, OPTIONS, DARK_OPTIONS);
    return window
      .vegaEmbed(target, spec, options)
      .then(function (result) {
        chart.result = result;
        var svg = target.querySelector("svg");
        var drawn = svg ? svg.getBoundingClientRect().width : 0;
        var style = window.getComputedStyle(target);
        var fits = room - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
        if (room && room < NARROW && drawn > fits + 1 && pass < 4 &&
            shortenTitles(spec, svg, svg.getBoundingClientRect().left + fits)) {
          // a title wider than the box: wrapped shorter first, as shrinking the plots under it
          // would not make it fit (the plot shrank to 100 px and the title was still cut)
          result.finalize();
          chart.result = null;
          return embed(chart, spec, room, pass + 1, state);
        }
        if (room && drawn > fits + 1 && pass < 4) {
          result.finalize();
          chart.result = null;
          // the overshoot is taken from the widest plot: axis labels, legends and titles
          // keep their size, so scaling by fits / drawn fell short of fitting
          var widest = 0;
          walk(spec, function (node) { if (typeof node.width === "number" && node.width > widest) widest = node.width; });
          var factor = widest > 0 ? (widest - (drawn - fits) - 4) / widest : (fits - 4) / drawn;
          scaleWidths(spec, Math.max(0.3, Math.min(factor, (fits - 4) / drawn)));
          return embed(chart, spec, room, pass + 1, state);
        }
        return restore(result.view, state).then(function () {
          exact(chart, result.view);
          afterDrawing(chart, result);
          tidy(target);
          target.dataset.ocTheme = chart.theme;  // drawn for this theme (the browser tests wait on it)
          if (!chart.tidying) {
            chart.tidying = true;
            new MutationObserver(function () { tidy(target); }).observe(target, { childList: true, subtree: true });
          }
        });
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
