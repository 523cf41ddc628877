// A form is sent once. On a slow network an impatient second tap would send it again: the
// browser drops the first answer and shows the second, so "Create the matches" would answer
// "Meanwhile a match was started…" although the first tap had worked. The
// button pressed is marked busy, not disabled: a disabled button's name and value
// (step=create) would not be sent. htmx's forms are left to htmx, which cancels the submit
// event first. Loaded as a file: the Content-Security-Policy forbids inline scripts.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
  if (form.getAttribute("target")) return; // a new window: this page stays usable
  if (form.dataset.sending) {
    event.preventDefault();
    return;
  }
  form.dataset.sending = "true";
  form.setAttribute("aria-busy", "true");
  event.submitter?.setAttribute("aria-disabled", "true");
});

// Back to a page kept in the browser's cache: its forms can be sent again.
window.addEventListener("pageshow", () => {
  for (const form of document.querySelectorAll("form[data-sending]")) {
    delete form.dataset.sending;
    form.removeAttribute("aria-busy");
    for (const button of form.querySelectorAll("[aria-disabled]")) {
      button.removeAttribute("aria-disabled");
    }
  }
});
