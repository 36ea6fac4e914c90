/* The pages' small behaviours, without inline scripts or event handlers, so that the
   Content-Security-Policy (script-src 'self', issue 18 item 4) lets them run:

   - <button data-print>: prints the page;
   - <select data-autosubmit>: submits its form when changed;
   - <form data-confirm="question">: asks the question first; "Cancel" sends nothing;
   - an htmx poll (hx-trigger="every Ns") asks nothing while its tab is in the background.

   Listeners sit on the document, so content swapped in by htmx behaves the same. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) {
      event.preventDefault();
      window.print();
    }
  });
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (field.matches && field.matches("[data-autosubmit]") && field.form) {
      field.form.submit();
    }
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    var trigger = (elt && elt.getAttribute && elt.getAttribute("hx-trigger")) || "";
    if (/^\s*every\s/.test(trigger) && document.visibilityState !== "visible") {
      event.preventDefault();
    }
  });
})();
