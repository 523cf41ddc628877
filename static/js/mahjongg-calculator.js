// The Mah-Jongg picker, on the calculator (templates/scoring/mahjongg_calculator.html) and on a
// league's game form (templates/leagues/mahjongg/game_form.html): every button of its form
// sends the hand (or the whole form) and one change, and htmx queues the requests of quick
// taps (hx-sync), sending each only once the answer before it has brought the new hand. By
// then htmx would name the button that last had the focus, not the one tapped: put the
// tapped one back, so that no tap is lost or doubled however slow the network is.
(() => {
  "use strict";
  const CHANGES = [
    "clear", "add", "remove", "remove_set", "remove_bonus", "seat", "round", "win", "by",
    "player", "action",
  ];

  document.addEventListener("htmx:configRequest", (event) => {
    const form = event.detail.elt;
    if (!form || (form.id !== "mj-form" && !form.hasAttribute("data-mj-picker"))) return;
    const parameters = event.detail.parameters;
    const submitter = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    // A change of the caller or of a typed line is no button's: it changes nothing else.
    if (!submitter || !submitter.name) {
      for (const name of CHANGES) delete parameters[name];
      return;
    }
    for (const name of CHANGES) delete parameters[name];
    parameters[submitter.name] = submitter.value;
  });
})();
