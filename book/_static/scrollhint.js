/* A table or formula wider than the text scrolls inside its own box; on a phone nothing
   showed that it did (the cut fell between columns and read as the table's end). Such a
   box fades out at the edge that hides more, until the reader has scrolled to it. Every
   page loads this; only a page with a chart loads overcommit.js (overcommit.book.sphinxext). */
(function () {
  "use strict";
  var SCROLLERS = ".pst-scrollable-table-container, .cell_output .output.text_html, mjx-container[display=\"true\"]";

  function mark(box) {
    var more = box.scrollWidth - box.clientWidth;
    box.classList.toggle("oc-more-right", more > 1 && box.scrollLeft < more - 1);
    box.classList.toggle("oc-more-left", more > 1 && box.scrollLeft > 1);
  }

  function markAll() {
    document.querySelectorAll(SCROLLERS).forEach(function (box) {
      if (!box.dataset.ocScrollHint) {
        box.dataset.ocScrollHint = "1";
        box.addEventListener("scroll", function () { mark(box); }, { passive: true });
      }
      mark(box);
    });
  }

  function start() {
    markAll();
    window.addEventListener("resize", markAll);
    // MathJax typesets its formulas (and so makes their boxes) after the page has loaded
    window.addEventListener("load", function () {
      markAll();
      var mj = window.MathJax;
      if (mj && mj.startup && mj.startup.promise) mj.startup.promise.then(markAll);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
