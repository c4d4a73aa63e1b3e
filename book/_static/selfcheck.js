/* Self-check boxes for the seeded exercises (no kernel, no other host).
 *
 * A seeded exercise places <div class="oc-selfcheck" data-topic="dat" data-seed="12"></div>
 * in its text: this script builds a seed box, an answer box and a feedback line in it, and
 * loads the seed's variant from _static/exercises/<topic>/<first>-<last>.json, the file of a
 * few seeds that holds it (_static/exercises/index.json says how many seeds each topic packs
 * per file). An exercise with one fixed answer places
 * <div class="oc-selfcheck" data-check="results_db-ex-memory"></div> and gets an answer box
 * that loads _static/exercises/check/<id>.json. Both are written at build time from the
 * Python package (overcommit.exercises.web); the worked solution is in them only in the
 * instructor edition. Answers are compared like
 * overcommit.exercises.check: numbers within the exercise's relative or absolute tolerance
 * (hex like 0x1a2b allowed), words ignoring case.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var STATIC = script ? script.src.replace(/selfcheck\.js(\?.*)?$/, "") : "../_static/";

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

  function load(topic, seed) {
    if (topic === "check") return fetchJSON("check/" + seed + ".json", "the answer for this exercise is missing from the site");
    return fetchJSON("index.json", "the exercise variants are missing from the site").then(function (topics) {
      var entry = topics[topic];
      if (!entry || seed > entry.last) throw new Error("no variant for seed " + seed);
      var first = seed - seed % entry.per_chunk, last = Math.min(first + entry.per_chunk - 1, entry.last);
      return fetchJSON(topic + "/" + first + "-" + last + ".json", "no variant for seed " + seed);
    }).then(function (chunk) {
      var found = chunk.filter(function (v) { return v.seed === seed; })[0];
      if (!found) throw new Error("no variant for seed " + seed);
      return found;
    });
  }

  // One typed value: a number as a person writes it ("0.42", "21 MiB/s", "2.11:1", "62 %",
  // "0x1F") with the decimals written, or text. As exercises.typed_number reads it.
  function item(t) {
    var s = t.trim().replace(/^["']|["']$/g, "").trim().replace(/\s+/g, " ").replace(/\u2212/g, "-");
    if (/^[-+]?0x[0-9a-f]+$/i.test(s)) return {n: parseInt(s, 16), d: 0};
    var m = /^([-+]?(?:\d+(?:\.\d*)?|\.\d+)(e[-+]?\d+)?)\s*(?::\s*1)?\s*[%a-zA-Z\u00b5/ ]*$/i.exec(s);
    if (m) return {n: parseFloat(m[1]), d: m[2] ? null : (m[1].indexOf(".") >= 0 ? m[1].split(".")[1].length : 0)};
    return s;
  }

  // The typed answer as items. A single name as answer ("fio, page cache, high") is read
  // whole: its commas are part of the name, not separators.
  function tokens(text, v) {
    var body = text.trim().replace(/^\[/, "").replace(/\]$/, "");
    if (!body.trim()) return [];
    if (v && typeof v.answer === "string") return [item(body)];
    return body.split(",").map(item);
  }

  function isText(v) {
    var expected = Array.isArray(v.answer) ? v.answer : [v.answer];
    return expected.every(function (e) { return typeof e === "string"; });
  }

  // A name as compared, as exercises._words does: case, commas and runs of spaces do not count.
  function words(s) { return s.replace(/,/g, " ").toLowerCase().split(/\s+/).filter(Boolean).join(" "); }

  // The decimals an absolute tolerance asks for (0.01: 2, 0.5: 0), null for none.
  function decimalsAsked(abs) { return abs < 1e-6 ? null : Math.max(0, Math.ceil(-Math.log10(2 * abs) - 1e-9)); }

  // True when given, written with d decimals, is x rounded down or up to d decimals.
  function roundsTo(given, d, x) {
    var scale = Math.pow(10, d), down = Math.floor(x * scale + 1e-9) / scale, up = Math.ceil(x * scale - 1e-9) / scale;
    return Math.abs(given - down) < 0.5 / scale || Math.abs(given - up) < 0.5 / scale;
  }

  // One part, as exercises._close judges it: text by its words; a number within the
  // tolerance (its bounds included), or rounded either way from the exact value.
  function close(given, expected, rel, abs, exact) {
    if (typeof expected === "string") return typeof given === "string" && words(given) === words(expected);
    if (given === null || typeof given !== "object" || !isFinite(given.n)) return false;
    var g = given.n, tol = Math.max(rel * Math.max(Math.abs(g), Math.abs(expected)), abs) * (1 + 1e-9);
    if (Math.abs(g - expected) <= tol) return true;
    var needed = decimalsAsked(abs);
    return given.d !== null && needed !== null && given.d >= needed && roundsTo(g, given.d, exact === undefined || exact === null ? expected : exact);
  }

  function tolerance(v) {
    if (isText(v)) return "the words, ignoring case and commas";
    if (v.rel > 0) return "numbers within " + +(v.rel * 100).toPrecision(3) + " %" + (v.abs >= 1e-6 ? " or " + v.abs : "");
    if (v.abs >= 1e-6) return "numbers within ±" + v.abs + (v.unit ? " " + v.unit : "");
    return "numbers exactly";
  }

  function shape(v) {
    var n = Array.isArray(v.answer) ? v.answer.length : 1;
    return (n === 1 ? "Type one answer" : "Type " + n + " answers, separated by commas") + (v.unit ? " (in " + v.unit + ")" : "") + ".";
  }

  function judge(text, v) {
    var expected = Array.isArray(v.answer) ? v.answer : [v.answer];
    var given = tokens(text, v);
    if (given.length !== expected.length)
      return [false, "Not quite: the answer has " + expected.length + " item" + (expected.length === 1 ? "" : "s") + ", you gave " + given.length + "."];
    var wrong = [];
    var exact = v.exact === undefined ? [] : (Array.isArray(v.exact) ? v.exact : [v.exact]);
    for (var i = 0; i < expected.length; i++) if (!close(given[i], expected[i], v.rel, v.abs, exact[i])) wrong.push(i + 1);
    if (!wrong.length) return [true, "Correct (checked: " + tolerance(v) + ")."];
    if (expected.length === 1) return [false, "Not quite (checked: " + tolerance(v) + ")."];
    return [false, "Not quite: item" + (wrong.length > 1 ? "s " : " ") + wrong.join(", ") + " of " + expected.length +
      " " + (wrong.length > 1 ? "are" : "is") + " off (checked: " + tolerance(v) + ")."];
  }

  var counter = 0;
  var TITLE = '<p class="oc-sc-title"><strong>Check yourself</strong> (works in this page, no Python needed)</p>';

  // The answer box, its Check button and the feedback line, the same in both kinds of box.
  function answerRow(id, hinted) {
    return '<div class="oc-sc-row"><label for="' + id + '-answer">Your answer</label>' +
      '<input id="' + id + '-answer" class="oc-sc-answer" type="text" autocomplete="off" spellcheck="false"' +
      (hinted ? ' aria-describedby="' + id + '-hint"' : "") + '>' +
      '<button type="button" class="oc-sc-check">Check</button></div>' +
      '<p class="oc-sc-feedback" role="status" aria-live="polite"></p>';
  }

  // Judge the typed answer against v, say so, and open v's worked solution when this
  // edition has one (the student edition's data carry none).
  function report(box, v) {
    var verdict = judge(box.querySelector(".oc-sc-answer").value, v);
    var feedback = box.querySelector(".oc-sc-feedback"), solution = box.querySelector(".oc-sc-solution");
    feedback.textContent = (verdict[0] ? "✓ " : "✗ ") + verdict[1];
    feedback.className = "oc-sc-feedback " + (verdict[0] ? "oc-sc-right" : "oc-sc-wrong");
    if (v.solution) solution.querySelector("div").innerHTML = v.solution;
    solution.hidden = !v.solution;
  }

  function buildFixed(box) {
    var id = "oc-sc-" + ++counter;
    box.innerHTML = TITLE + '<p class="oc-sc-hint" id="' + id + '-hint"></p>' + answerRow(id, true) +
      '<details class="oc-sc-solution" hidden><summary>Worked solution</summary><div></div></details>';
    var feedback = box.querySelector(".oc-sc-feedback");
    var ready = load("check", box.dataset.check);
    ready.then(function (v) { box.querySelector(".oc-sc-hint").textContent = shape(v); }).catch(function (e) { feedback.textContent = String(e); });
    box.querySelector(".oc-sc-check").addEventListener("click", function () {
      ready.then(function (v) { report(box, v); }).catch(function (e) { feedback.textContent = String(e); });
    });
  }

  function build(box) {
    if (box.dataset.check) return buildFixed(box);
    var topic = box.dataset.topic, seed0 = box.dataset.seed || "0", id = "oc-sc-" + ++counter;
    box.innerHTML = TITLE +
      '<div class="oc-sc-row"><label for="' + id + '-seed">Your seed (0–999)</label>' +
      '<input id="' + id + '-seed" class="oc-sc-seed" type="number" min="0" max="999" step="1" inputmode="numeric" value="' + seed0 + '">' +
      '<button type="button" class="oc-sc-show">Show my question</button></div>' +
      '<div class="oc-sc-question" hidden></div>' + answerRow(id, false) +
      '<details class="oc-sc-solution" hidden><summary>Worked solution for seed <span></span></summary><div></div></details>';
    var seedInput = box.querySelector(".oc-sc-seed"), question = box.querySelector(".oc-sc-question");
    var feedback = box.querySelector(".oc-sc-feedback"), solution = box.querySelector(".oc-sc-solution");
    var current = null;

    function seedValue() {
      var s = seedInput.value.trim();
      if (!/^\d+$/.test(s) || +s > 999) {
        feedback.textContent = "Seed: " + JSON.stringify(s) + " is not accepted; type a whole number from 0 to 999.";
        feedback.className = "oc-sc-feedback oc-sc-wrong";
        return null;
      }
      return +s;
    }

    function show(seed, reveal) {
      return load(topic, seed).then(function (v) {
        current = v;
        if (reveal) {
          question.innerHTML = "<p><strong>Your question (seed " + seed + ")</strong></p>" + v.question;
          question.hidden = false;
        }
        solution.querySelector("span").textContent = seed;
        return v;
      });
    }

    box.querySelector(".oc-sc-show").addEventListener("click", function () {
      var seed = seedValue();
      if (seed === null) return;
      feedback.textContent = "";
      solution.hidden = true;
      show(seed, true).catch(function (e) { feedback.textContent = String(e); });
    });
    box.querySelector(".oc-sc-check").addEventListener("click", function () {
      var seed = seedValue();
      if (seed === null) return;
      var ready = current && current.seed === seed ? Promise.resolve(current) : show(seed, seed !== +seed0);
      ready.then(function (v) { report(box, v); }).catch(function (e) { feedback.textContent = String(e); });
    });
  }

  function init() {
    document.querySelectorAll(".oc-selfcheck").forEach(build);
    // the index at once, so that asking for a seed waits for one file, not two in a row
    if (document.querySelector(".oc-selfcheck[data-topic]"))
      fetchJSON("index.json", "the exercise variants are missing from the site").catch(function () { /* said on use */ });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
