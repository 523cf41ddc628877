// The Mah-Jongg calculator (templates/scoring/mahjongg_calculator.html): every button of its
// form sends the hand's line and one change, and htmx queues the requests of quick taps
// (hx-sync), sending each only once the answer before it has brought the new line. By then
// htmx would name the button that last had the focus, not the one tapped: put the tapped
// one back, so that no tap is lost or doubled however slow the network is.
(() => {
  "use strict";
  const CHANGES = ["clear", "add", "remove", "remove_set", "remove_bonus", "seat", "round", "win", "by"];

  document.addEventListener("htmx:configRequest", (event) => {
    const form = event.detail.elt;
    if (!form || form.id !== "mj-form") return;
    const submitter = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    if (!submitter || !submitter.name) return;
    const parameters = event.detail.parameters;
    for (const name of CHANGES) delete parameters[name];
    parameters[submitter.name] = submitter.value;
  });
})();
