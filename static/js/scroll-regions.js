/* Wide tables sit in a .scroll box that scrolls sideways on a narrow screen. A box that
   overflows gets tabindex="0", so that a keyboard user can focus it and scroll it with the
   arrow keys (WCAG 2.1.1; axe-core's scrollable-region-focusable); a box that fits stays out
   of the tab order. Run on load, after each htmx swap and when the window is resized. */
(function () {
  "use strict";
  function mark(root) {
    var boxes = (root || document).querySelectorAll(".scroll");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      if (box.scrollWidth > box.clientWidth + 1) {
        box.tabIndex = 0;
      } else if (box.getAttribute("tabindex") === "0") {
        box.removeAttribute("tabindex");
      }
    }
  }
  var pending = null;
  function later() {
    if (pending) return;
    pending = window.requestAnimationFrame(function () { pending = null; mark(document); });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { mark(document); });
  } else {
    mark(document);
  }
  window.addEventListener("load", later);
  window.addEventListener("resize", later);
  document.addEventListener("htmx:afterSettle", later);
})();
