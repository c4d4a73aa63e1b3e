/* Self-check boxes for the seeded exercises (no kernel, no other host).
 *
 * A seeded exercise places <div class="oc-selfcheck" data-topic="dat" data-seed="12"></div>
 * in its text: this script builds a seed box, an answer box and a feedback line in it, and
 * loads the seed's variant from _static/exercises/<topic>/<first>-<last>.json, the file of a
 * few seeds that holds it (_static/exercises/index.json says how many seeds each topic packs
 * per file, and carries the answer reader's grammar under "_reader"). An exercise with one
 * fixed answer places <div class="oc-selfcheck" data-check="results_db-ex-memory"></div>
 * and gets an answer box that loads _static/exercises/check/<id>.json. Both are written at
 * build time from the Python package (overcommit.exercises.web).
 *
 * Answers are read and judged as overcommit.exercises.answers reads and judges them (the
 * grader's reader; tests/test_answers.py holds the two to one table): commas separate parts
 * (a decimal comma is refused with a hint), "about"/"~" before a number is set aside, a
 * unit of the kind asked is converted ("2328 s" for minutes, "36 %" for a fraction), a unit
 * of another kind is refused naming the unit asked, names compare ignoring case and commas.
 *
 * Worked solutions: the instructor edition shows them after Check; the student edition
 * offers a practice seed's worked solution after three wrong tries (practice answers are
 * public anyway), and never has a fixed exercise's.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var STATIC = script ? script.src.replace(/selfcheck\.js(\?.*)?$/, "") : "../_static/";
  var edition = document.querySelector('meta[name="overcommit-edition"]');
  var INSTRUCTOR = !!edition && edition.getAttribute("content") === "instructor";
  //: wrong tries on one practice seed before its worked solution is offered
  var TRIES = 3;

  // Each file is fetched once per page (the index by the first box that needs it, a file
  // of variants by every seed it holds); a failed fetch is not kept, the next click asks again.
  var files = {};

  function fetchJSON(path, missing) {
    if (!files[path]) {
      files[path] = fetch(STATIC + "exercises/" + path).then(function (r) {
        if (!r.ok) throw new Error(missing);
        return r.json();
      }).catch(function (e) { delete files[path]; throw e; });
    }
    return files[path];
  }

  function index() { return fetchJSON("index.json", "the exercise variants are missing from the site"); }

  function load(topic, seed) {
    if (topic === "check") return fetchJSON("check/" + seed + ".json", "the answer for this exercise is missing from the site");
    return index().then(function (topics) {
      var entry = Object.prototype.hasOwnProperty.call(topics, topic) && topic.charAt(0) !== "_" ? topics[topic] : null;
      if (!entry || seed > entry.last) throw new Error("no variant for seed " + seed);
      var first = seed - seed % entry.per_chunk, last = Math.min(first + entry.per_chunk - 1, entry.last);
      return fetchJSON(topic + "/" + first + "-" + last + ".json", "no variant for seed " + seed);
    }).then(function (chunk) {
      var found = chunk.filter(function (v) { return v.seed === seed; })[0];
      if (!found) throw new Error("no variant for seed " + seed);
      return found;
    });
  }

  // --- the reader: overcommit.exercises.answers, line for line -------------------------

  function Reader(G) {
    var HEDGE = new RegExp(G.hedge, "i"), NUMBER = new RegExp(G.number), HEX = new RegExp(G.hex);
    var THOUSANDS = new RegExp(G.thousands, "g"), DIGIT_COMMA = new RegExp(G.digit_comma);
    var has = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };

    function clean(t) {
      return String(t).trim().replace(/\s+/g, " ").replace(/\u2212/g, "-").replace(/^["']|["']$/g, "").trim();
    }

    // answers.read_item for text: {text, number, decimals, unit, word}
    function readItem(t) {
      var s = clean(t), body = s.replace(HEDGE, "");
      if (HEX.test(body)) return {text: s, number: parseInt(body, 16), decimals: 0, unit: null, word: ""};
      var m = NUMBER.exec(body);
      if (!m) return {text: s, number: null, decimals: null, unit: null, word: ""};
      var number = m[1], ratio = m[2], rest = m[3].trim();
      var exponent = number.toLowerCase().indexOf("e") >= 0;
      var decimals = exponent ? null : (number.indexOf(".") >= 0 ? number.split(".")[1].length : 0);
      var n = parseFloat(number);
      if (ratio) return {text: s, number: n, decimals: decimals, unit: rest ? null : "ratio", word: rest};
      if (!rest) return {text: s, number: n, decimals: decimals, unit: null, word: ""};
      var unit = has(G.aliases, rest.toLowerCase()) ? G.aliases[rest.toLowerCase()] : null;
      return {text: s, number: n, decimals: decimals, unit: unit, word: unit ? "" : rest};
    }

    // answers.split: [parts, problem]
    function split(text, asked, whole) {
      var body = String(text).trim().replace(/^\[|\]$/g, "").trim();
      if (!body) return [[], ""];
      if (whole) return [[body], ""];
      var nonEmpty = function (p) { return p.trim(); };
      var parts = body.split(",").filter(nonEmpty).map(nonEmpty);
      if (parts.length > asked) {
        var merged = body.replace(THOUSANDS, function (all, before, digits) { return before + digits.replace(/,/g, ""); })
          .split(",").filter(nonEmpty).map(nonEmpty);
        if (merged.length === asked) return [merged, ""];
      }
      if (parts.length !== asked && DIGIT_COMMA.test(body)) return [parts, "comma"];
      return [parts, ""];
    }

    // k when p / q is 10**k (p, q whole numbers), else null
    function powerOfTen(p, q) {
      var big = Math.max(p, q), small = Math.min(p, q), k = 0;
      if (big % small !== 0) return null;
      var r = big / small;
      while (r % 10 === 0) { r /= 10; k++; }
      return r === 1 ? (p >= q ? k : -k) : null;
    }

    // answers.convert: [value, decimals, why]
    function convert(item, unit) {
      if (item.number === null) return [null, null, "number"];
      if (item.word) return [null, null, "unit"];
      var given = item.unit;
      if (given === null || given === unit) return [item.number, item.decimals, ""];
      if (unit === null || unit === undefined || G.units[given].kind !== G.units[unit].kind) return [null, null, "unit"];
      var g = G.units[given], a = G.units[unit];
      var p = g.num * a.den, q = g.den * a.num;
      var value = item.number * p / q, shift = powerOfTen(p, q);
      return [value, item.decimals === null || shift === null ? null : item.decimals - shift, ""];
    }

    function decimalsAsked(abs) { return abs < 1e-6 ? null : Math.max(0, Math.ceil(-Math.log10(2 * abs) - 1e-9)); }

    function roundsTo(given, d, x) {
      var scale = Math.pow(10, d), down = Math.floor(x * scale + 1e-9) / scale, up = Math.ceil(x * scale - 1e-9) / scale;
      return Math.abs(given - down) < 0.5 / scale || Math.abs(given - up) < 0.5 / scale;
    }

    function words(s) { return s.replace(/,/g, " ").toLowerCase().split(/\s+/).filter(Boolean).join(" "); }

    // answers.judge_part: {ok, why, value}
    function judgePart(item, expected, unit, rel, abs, exact) {
      if (!item) return {ok: false, why: "missing", value: null};
      if (typeof expected === "string") {
        var same = item.number === null && words(item.text) === words(expected);
        return {ok: same, why: same ? "" : "name", value: null};
      }
      var c = convert(item, unit), value = c[0], decimals = c[1];
      if (value === null) return {ok: false, why: c[2], value: null};
      var e = expected, ok;
      if (!isFinite(value)) ok = false;
      else {
        var tol = Math.max(rel * Math.max(Math.abs(value), Math.abs(e)), abs) * (1 + 1e-9);
        ok = Math.abs(value - e) <= tol;
        if (!ok) {
          var needed = decimalsAsked(abs), target = exact === undefined || exact === null ? e : exact;
          ok = decimals !== null && needed !== null && decimals >= needed && roundsTo(value, decimals, target);
        }
      }
      return {ok: ok, why: ok ? "" : (value > e ? "high" : "low"), value: value};
    }

    // answers.judge for a typed text against variant v: {parts, given, problem, correct, right, outOf}
    function judge(text, v) {
      var answers = Array.isArray(v.answer) ? v.answer : [v.answer];
      var exacts = v.exact === undefined || v.exact === null ? [] : (Array.isArray(v.exact) ? v.exact : [v.exact]);
      var units = v.units || [];
      var whole = answers.length === 1 && typeof answers[0] === "string";
      var cut = split(text, answers.length, whole), items = cut[0].map(readItem), problem = cut[1];
      var parts = answers.map(function (e, k) {
        var unit = units[k] === undefined ? null : units[k];
        var p = judgePart(k < items.length ? items[k] : null, e, unit, v.rel, v.abs, exacts[k]);
        return problem ? {ok: false, why: p.why || "number", value: p.value} : p;
      });
      var right = problem ? 0 : parts.filter(function (p) { return p.ok; }).length;
      return {parts: parts, given: items.length, problem: problem, right: right,
              outOf: Math.max(parts.length, items.length),
              correct: !problem && items.length === parts.length && right === parts.length};
    }

    function unitName(unit) {
      return unit === null || unit === undefined ? "a bare number" : (has(G.names, unit) ? G.names[unit] : "in " + unit);
    }

    var REASONS = {high: "too high", low: "too low", name: "not the name asked", number: "not a number", unit: "not {unit}"};

    // answers.feedback: what follows "Not quite: "
    function feedback(verdict, units) {
      var n = verdict.parts.length;
      if (verdict.problem === "comma")
        return "a comma between digits reads as two answers: write a decimal with a point (38.8); commas separate the parts of an answer.";
      var said = [];
      if (verdict.given !== n) said.push("the answer has " + n + " part" + (n !== 1 ? "s" : "") + ", you gave " + verdict.given + ".");
      verdict.parts.forEach(function (p, k) {
        if (p.ok || p.why === "missing") return;
        var reason = REASONS[p.why].replace("{unit}", unitName(units[k] === undefined ? null : units[k]));
        said.push(n > 1 ? "part " + (k + 1) + " is " + reason + "." : reason + ".");
      });
      return said.length ? said.join(" ") : "not the expected answer.";
    }

    return {readItem: readItem, split: split, judge: judge, feedback: feedback, unitName: unitName};
  }

  var reader = null;
  function ready() {
    return index().then(function (topics) {
      if (!reader) reader = Reader(topics._reader);
      return reader;
    });
  }

  // --- the boxes ------------------------------------------------------------------------

  function units(v) {
    var n = Array.isArray(v.answer) ? v.answer.length : 1, u = v.units || [];
    var out = [];
    for (var k = 0; k < n; k++) out.push(u[k] === undefined ? null : u[k]);
    return out;
  }

  function tolerance(v) {
    var expected = Array.isArray(v.answer) ? v.answer : [v.answer];
    if (expected.every(function (e) { return typeof e === "string"; })) return "the words, ignoring case and commas";
    if (v.rel > 0) return "numbers within " + +(v.rel * 100).toPrecision(3) + " %" + (v.abs >= 1e-6 ? " or " + v.abs : "");
    if (v.abs >= 1e-6) return "numbers within ±" + v.abs;
    return "numbers exactly";
  }

  // What to type, with the units and the tolerance: said before the first Check.
  function shape(v, r) {
    var n = Array.isArray(v.answer) ? v.answer.length : 1, u = units(v);
    var named = u.filter(function (x) { return x !== null; }).length;
    var same = u.every(function (x) { return x === u[0]; });
    var inUnits = !named ? "" : n === 1 ? " (" + r.unitName(u[0]) + ")" : same ? " (each " + r.unitName(u[0]) + ")" :
      " (in order: " + u.map(function (x) { return x === null ? "a number or a name" : r.unitName(x); }).join("; ") + ")";
    return (n === 1 ? "Type one answer" : "Type " + n + " answers, separated by commas") + inUnits +
      ". Checked: " + tolerance(v) + "; a unit of the same kind is converted.";
  }

  var counter = 0;
  var TITLE = '<p class="oc-sc-title"><strong>Check yourself</strong> (works in this page, no Python needed)</p>';

  // The answer box, its Check button and the feedback line, the same in both kinds of box.
  function answerRow(id) {
    return '<p class="oc-sc-hint" id="' + id + '-hint"></p>' +
      '<div class="oc-sc-row"><label for="' + id + '-answer">Your answer</label>' +
      '<input id="' + id + '-answer" class="oc-sc-answer" type="text" autocomplete="off" spellcheck="false"' +
      ' enterkeyhint="done" aria-describedby="' + id + '-hint">' +
      '<button type="button" class="oc-sc-check">Check</button></div>' +
      '<p class="oc-sc-feedback" role="status" aria-live="polite"></p>';
  }

  function onEnter(input, button) {
    input.addEventListener("keydown", function (e) {
      if (e.key === "Enter" && !e.isComposing) { e.preventDefault(); button.click(); }
    });
  }

  // Judge the typed answer against v and say so; returns the verdict.
  function report(box, v, r) {
    var verdict = r.judge(box.querySelector(".oc-sc-answer").value, v);
    var feedback = box.querySelector(".oc-sc-feedback");
    feedback.textContent = verdict.correct ? "✓ Correct (checked: " + tolerance(v) + ")." :
      "✗ Not quite: " + r.feedback(verdict, units(v)) + " (Checked: " + tolerance(v) + ".)";
    feedback.className = "oc-sc-feedback " + (verdict.correct ? "oc-sc-right" : "oc-sc-wrong");
    return verdict;
  }

  function showSolution(box, v, offered) {
    var solution = box.querySelector(".oc-sc-solution");
    if (!v.solution) { solution.hidden = true; return; }
    solution.querySelector("div").innerHTML = v.solution;
    solution.hidden = false;
    if (offered) {
      solution.open = false;
      solution.querySelector(".oc-sc-offer").textContent = " (after " + TRIES + " tries: open it when you want it)";
    }
  }

  function buildFixed(box) {
    var id = "oc-sc-" + ++counter;
    box.innerHTML = TITLE + answerRow(id) +
      '<details class="oc-sc-solution" hidden><summary>Worked solution<span class="oc-sc-offer"></span></summary><div></div></details>';
    var feedback = box.querySelector(".oc-sc-feedback"), check = box.querySelector(".oc-sc-check");
    var loaded = Promise.all([load("check", box.dataset.check), ready()]);
    loaded.then(function (both) { box.querySelector(".oc-sc-hint").textContent = shape(both[0], both[1]); })
      .catch(function (e) { feedback.textContent = String(e); });
    check.addEventListener("click", function () {
      loaded.then(function (both) {
        report(box, both[0], both[1]);
        if (INSTRUCTOR) showSolution(box, both[0], false);
      }).catch(function (e) { feedback.textContent = String(e); });
    });
    onEnter(box.querySelector(".oc-sc-answer"), check);
  }

  function build(box) {
    if (box.dataset.check) return buildFixed(box);
    var topic = box.dataset.topic, seed0 = box.dataset.seed || "0", id = "oc-sc-" + ++counter;
    box.innerHTML = TITLE +
      '<div class="oc-sc-row"><label for="' + id + '-seed">Your seed (0–999)</label>' +
      '<input id="' + id + '-seed" class="oc-sc-seed" type="number" min="0" max="999" step="1" inputmode="numeric" enterkeyhint="go" value="' + seed0 + '">' +
      '<button type="button" class="oc-sc-show">Show my question</button></div>' +
      '<div class="oc-sc-question" hidden></div>' + answerRow(id) +
      '<details class="oc-sc-solution" hidden><summary>Worked solution for seed <span class="oc-sc-for"></span><span class="oc-sc-offer"></span></summary><div></div></details>';
    var seedInput = box.querySelector(".oc-sc-seed"), question = box.querySelector(".oc-sc-question");
    var feedback = box.querySelector(".oc-sc-feedback"), solution = box.querySelector(".oc-sc-solution");
    var hint = box.querySelector(".oc-sc-hint"), show = box.querySelector(".oc-sc-show"), check = box.querySelector(".oc-sc-check");
    var current = null, wrong = {};

    function seedValue() {
      var s = seedInput.value.trim();
      if (!/^\d+$/.test(s) || +s > 999) {
        feedback.textContent = "Seed: " + JSON.stringify(s) + " is not accepted; type a whole number from 0 to 999.";
        feedback.className = "oc-sc-feedback oc-sc-wrong";
        return null;
      }
      return +s;
    }

    function present(seed, reveal) {
      return Promise.all([load(topic, seed), ready()]).then(function (both) {
        var v = both[0];
        current = v;
        if (reveal) {
          question.innerHTML = "<p><strong>Your question (seed " + seed + ")</strong></p>" + v.question;
          question.hidden = false;
        }
        hint.textContent = shape(v, both[1]);
        solution.querySelector(".oc-sc-for").textContent = seed;
        return both;
      });
    }

    show.addEventListener("click", function () {
      var seed = seedValue();
      if (seed === null) return;
      feedback.textContent = "";
      solution.hidden = true;
      solution.open = false;
      present(seed, true).catch(function (e) { feedback.textContent = String(e); });
    });
    check.addEventListener("click", function () {
      var seed = seedValue();
      if (seed === null) return;
      var loaded = current && current.seed === seed ? ready().then(function (r) { return [current, r]; }) : present(seed, seed !== +seed0);
      loaded.then(function (both) {
        var v = both[0], verdict = report(box, v, both[1]);
        if (INSTRUCTOR) return showSolution(box, v, false);
        if (!verdict.correct) wrong[seed] = (wrong[seed] || 0) + 1;
        if (wrong[seed] >= TRIES) showSolution(box, v, true);
      }).catch(function (e) { feedback.textContent = String(e); });
    });
    onEnter(seedInput, show);
    onEnter(box.querySelector(".oc-sc-answer"), check);
  }

  function init() {
    document.querySelectorAll(".oc-selfcheck").forEach(build);
    // the index at once (it holds the reader), so that asking for a seed waits for one file, not two in a row
    if (document.querySelector(".oc-selfcheck")) index().catch(function () { /* said on use */ });
  }

  // for tests/test_answers.py: the page's own reader, on the grammar the site carries
  window.OvercommitSelfcheck = {reader: ready, Reader: Reader};

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
