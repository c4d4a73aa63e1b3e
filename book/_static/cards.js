/* Wide tables read as cards on a phone (see touch.css).

   On a 390 px screen a table either ran past the column (the reader had to find that it
   scrolled, and lost the row's first cell while reading its last) or squeezed its columns
   until the words stood one per line (claims rows about 250 px tall). Such a table becomes
   cards below 640 px: each row a card, its first cell the title, every other cell after its
   column's name; a table set in two halves side by side gives two entries per card.

   Which tables: every table of the article that, laid out as a table at the phone's width,
   is wider than its column or has a row taller than ROW_LINES lines of its text. The rule
   is measured, not a count of columns: a compact table of numbers reads best as a table
   (a column is compared down the page) and the book has several of four to six columns
   that fit a phone; a three-column table of sentences does not fit and reads as cards.
   Left alone: tables that are cards from the start (oc-cards, overcommit.css), the "Show
   the numbers" tables of the charts (.oc-numbers, overcommit.js), code listings, and
   tables without a header row (there is no column name to give a cell).

   Only attributes change, never the DOM's structure: each cell gets its column's name
   (data-label), the table the class oc-auto-cards, and the table, row groups, rows and
   cells their ARIA roles, because a browser may stop announcing a table as one once CSS
   has made its rows blocks; the header row stays, out of sight, for screen readers. */
(function () {
  "use strict";
  var PHONE = "(max-width: 640px)";
  //: a row taller than this many lines of its text has wrapped its words into a column too narrow
  var ROW_LINES = 6;
  //: a cell of more characters than this is a sentence: a line of its own on the card
  var WIDE_CELL = 32;
  var SKIP = ".oc-numbers, .highlight, .highlighttable, .vega-embed, .oc-selfcheck";

  function text(cell) { return cell.textContent.replace(/\s+/g, " ").trim(); }

  // The header rows: the thead's, or a first row of header cells only.
  function headerRows(table) {
    if (table.tHead && table.tHead.rows.length) return [].slice.call(table.tHead.rows);
    var first = table.rows[0];
    if (first && first.cells.length && [].every.call(first.cells, function (c) { return c.tagName === "TH"; })) return [first];
    return [];
  }

  // Each column's name, from every header row (a spanning cell names each column under it):
  // a grouped header ("Throughput" over "64 GiB") names its column "Throughput, 64 GiB".
  function columnNames(rows) {
    var names = [];
    rows.forEach(function (row) {
      var col = 0;
      [].forEach.call(row.cells, function (cell) {
        var t = text(cell);
        for (var k = 0; k < cell.colSpan; k++, col++) {
          names[col] = names[col] || [];
          if (t && names[col].indexOf(t) < 0) names[col].push(t);
        }
      });
    });
    return names.map(function (parts) { return (parts || []).join(", "); });
  }

  function candidate(table) {
    return !table.classList.contains("oc-cards") && !table.closest(SKIP) && headerRows(table).length > 0 &&
      table.rows.length > 1 && table.rows[0].cells.length > 1;
  }

  // Whether the table, laid out as one now, does not read as a table: wider than its column,
  // or a row that has wrapped its words past ROW_LINES lines. A table not laid out (in a
  // closed box) cannot say: it is asked again when it gets a size.
  function tooWide(table) {
    var box = table.getBoundingClientRect();
    if (!box.width) return false;
    var column = table.parentElement.clientWidth;
    if (box.width > column + 1) return true;
    var cell = table.querySelector("td, th"), style = getComputedStyle(cell || table);
    var line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize) || 20;
    return [].some.call(table.rows, function (row) { return row.getBoundingClientRect().height > ROW_LINES * line; });
  }

  // Where a table set in two halves side by side (the columns' names repeat: a page table
  // of 32 entries as 16 rows of two) starts its second half; 0 when it is not one.
  function secondHalf(names) {
    for (var k = 1; k <= names.length / 2; k++) {
      if (names[k] && names[k] === names[0] && names.slice(k).every(function (n, i) { return n === names[i]; })) return k;
    }
    return 0;
  }

  var NUMBER = /^[-+\u2212]?\d[\d,.\s]*$/;

  function label(table) {
    var heads = headerRows(table), names = columnNames(heads), half = secondHalf(names);
    table.setAttribute("role", "table");
    [].forEach.call(table.children, function (part) {
      if (/^T(HEAD|BODY|FOOT)$/.test(part.tagName)) part.setAttribute("role", "rowgroup");
    });
    [].forEach.call(table.rows, function (row) {
      var head = heads.indexOf(row) >= 0;
      row.setAttribute("role", "row");
      if (head && row.parentElement.tagName !== "THEAD") row.classList.add("oc-cards-head");
      var col = 0;
      [].forEach.call(row.cells, function (cell) {
        if (head) cell.setAttribute("role", "columnheader");
        else {
          cell.setAttribute("role", cell.tagName === "TH" ? "rowheader" : "cell");
          var t = text(cell), title = col === 0 || (half && col === half);
          if (names[col]) cell.setAttribute("data-label", names[col]);
          if (!t) cell.classList.add("oc-empty");
          else if (t.length > WIDE_CELL) cell.classList.add("oc-wide");
          // each half of a two-up table is an entry of its own, headed like the row's first
          if (title) cell.classList.add("oc-card-title");
          // a title that is a bare number says nothing without its column's name
          if (title && names[col] && NUMBER.test(t)) cell.classList.add("oc-numbered");
        }
        col += cell.colSpan;
      });
    });
    table.classList.add("oc-auto-cards");
    if (table.parentElement) table.parentElement.classList.add("oc-cards-box");
  }

  var phone = window.matchMedia(PHONE);
  // Carding a table moves what follows it: done in the next frame, not inside the
  // observer's callback, where a change of layout is reported as a loop.
  var watcher = window.ResizeObserver ? new ResizeObserver(function (entries) {
    var tables = entries.map(function (e) { return e.target; });
    window.requestAnimationFrame(function () { tables.forEach(consider); });
  }) : null;

  function consider(table) {
    if (table.classList.contains("oc-auto-cards") || !phone.matches || !tooWide(table)) return;
    label(table);
    if (watcher) watcher.unobserve(table);
    // the box that scrolled it no longer does: its fade at the edge goes (scrollhint.js)
    if (window.OvercommitScrollHint) window.OvercommitScrollHint.refresh();
  }

  function start() {
    var tables = [].filter.call(document.querySelectorAll(".bd-article table, article table"), candidate);
    tables.forEach(function (table) {
      consider(table);
      // a table in a closed box gets its size when the box opens; a page opened wide gets
      // narrow when the window does
      if (watcher && !table.classList.contains("oc-auto-cards")) watcher.observe(table);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
