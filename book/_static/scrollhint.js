/* A table or formula wider than the text scrolls inside its own box; on a phone nothing
   showed that it did (the cut fell between columns and read as the table's end). Such a
   box fades out at the edge that hides more, until the reader has scrolled to it. Every
   page loads this; only a page with a chart loads overcommit.js (overcommit.book.sphinxext).

   It also keeps the theme's "Back to top" button off the charts: on a phone the button sits
   in the screen's bottom right corner (touch.css), where a chart's last bars or points
   are; while any chart lies under it, it steps aside (oc-over-chart), and comes back when
   the reader scrolls on.

   And it makes the site menu and "On this page" buttons work on a phone. The theme
   (pydata-sphinx-theme 0.17, pydata/pydata-sphinx-theme#2451) listens on the first
   button of each kind only, the navbar's, which sphinx-book-theme hides below 960 px;
   the one a phone shows, in the article's header, did nothing. A tap on it is passed to
   the theme's button, unless the theme has opened its menu itself. */
(function () {
  "use strict";
  var SCROLLERS = ".pst-scrollable-table-container, .cell_output .output.text_html, mjx-container[display=\"true\"]";

  function mark(box) {
    var more = box.scrollWidth - box.clientWidth;
    box.classList.toggle("oc-more-right", more > 1 && box.scrollLeft < more - 1);
    box.classList.toggle("oc-more-left", more > 1 && box.scrollLeft > 1);
    // A box that scrolls takes the keyboard's focus, so that the arrow keys scroll it (the
    // theme does so for its table boxes, not for a formula's: at 390 px a wide formula was
    // a region a keyboard could not reach, axe-core's scrollable-region-focusable); only
    // while it scrolls, and never taken from a box that had a tabindex of its own.
    if (more > 1 && !box.hasAttribute("tabindex")) {
      box.setAttribute("tabindex", "0");
      box.dataset.ocScrollFocus = "1";
    } else if (more <= 1 && box.dataset.ocScrollFocus) {
      box.removeAttribute("tabindex");
      delete box.dataset.ocScrollFocus;
    }
  }

  // A formula's box grows after the page has loaded, when MathJax's fonts arrive: a box
  // marked before that did not scroll then, scrolled later and could not take the focus.
  // Each box is watched, and so is what it holds.
  var resized = window.ResizeObserver ? new ResizeObserver(function (entries) {
    entries.forEach(function (entry) {
      var box = entry.target.matches(SCROLLERS) ? entry.target : entry.target.parentElement;
      if (box) mark(box);
    });
  }) : null;

  function markAll() {
    document.querySelectorAll(SCROLLERS).forEach(function (box) {
      if (!box.dataset.ocScrollHint) {
        box.dataset.ocScrollHint = "1";
        box.addEventListener("scroll", function () { mark(box); }, { passive: true });
        if (resized) {
          resized.observe(box);
          if (box.firstElementChild) resized.observe(box.firstElementChild);
        }
      }
      mark(box);
    });
  }

  var CHARTS = ".vega-embed svg, .vega-embed canvas";
  var backToTop = null, queued = false;

  function overlaps(a, b) { return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; }

  // The button's box is measured while it is shown (the theme shows it as the reader
  // scrolls up, and hides it with display: none otherwise).
  function placeBackToTop() {
    queued = false;
    if (!backToTop || backToTop.style.display === "none" || !backToTop.getClientRects().length) return;
    var box = backToTop.getBoundingClientRect();
    var covered = [].some.call(document.querySelectorAll(CHARTS), function (chart) {
      return overlaps(box, chart.getBoundingClientRect());
    });
    backToTop.classList.toggle("oc-over-chart", covered);
  }

  function queuePlace() {
    if (!queued) { queued = true; window.requestAnimationFrame(placeBackToTop); }
  }

  function forwardSidebarButtons() {
    [["primary-toggle", "pst-primary-sidebar-modal"], ["secondary-toggle", "pst-secondary-sidebar-modal"]].forEach(function (pair) {
      var buttons = document.querySelectorAll("." + pair[0]), theirs = buttons[0], dialog = document.getElementById(pair[1]);
      if (!theirs || !dialog) return;
      [].slice.call(buttons, 1).forEach(function (button) {
        button.addEventListener("click", function () {
          // after the theme's own listeners: only a menu they did not open
          window.setTimeout(function () {
            if (!dialog.open && !theirs.getClientRects().length && !window.matchMedia("(min-width: 992px)").matches) theirs.click();
          }, 0);
        });
      });
    });
  }

  function start() {
    markAll();
    forwardSidebarButtons();
    backToTop = document.getElementById("pst-back-to-top");
    if (backToTop) {
      // its name is its words: the icon font's glyph (a private-use character) is not
      var icon = backToTop.querySelector("i");
      if (icon) icon.setAttribute("aria-hidden", "true");
      // after the theme's own scroll handler has shown or hidden it (registered earlier)
      window.addEventListener("scroll", queuePlace, { passive: true });
      window.addEventListener("resize", queuePlace);
    }
    window.addEventListener("resize", markAll);
    // MathJax typesets its formulas (and so makes their boxes) after the page has loaded
    window.addEventListener("load", function () {
      markAll();
      var mj = window.MathJax;
      if (mj && mj.startup && mj.startup.promise) mj.startup.promise.then(markAll);
    });
  }
  // for cards.js: a table turned into cards no longer scrolls in its box
  window.OvercommitScrollHint = { refresh: markAll };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
