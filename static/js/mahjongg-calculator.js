// The Mah-Jongg picker, on the calculator (templates/scoring/mahjongg_calculator.html) and on a
// league's game form (templates/leagues/mahjongg/game_form.html): every button of its form
// sends the hand (or the whole form) and one change, and htmx queues the requests of quick
// taps (hx-sync), sending each only once the answer before it has brought the new hand. By
// then htmx would name the button that last had the focus, not the one tapped, and send the
// way of adding ("Each tap adds": single tile, chi, pon…) chosen by then, not the one chosen
// when the tile was tapped (issue 27: pon 1c, chi 2k, chi 5b, single 9c, tapped quickly on a
// slow network, took 5b as a single tile). Both are noted as the tap is made and put back
// when its request is sent, so that each tap is taken as it was made, none lost or doubled,
// however slow the network is.
(() => {
  "use strict";
  const CHANGES = [
    "clear", "add", "remove", "remove_set", "remove_bonus", "seat", "round", "win", "by",
    "player", "action",
  ];
  const isPicker = (form) => form && (form.id === "mj-form" || form.hasAttribute("data-mj-picker"));

  // Capturing, so this runs before htmx's own listener on the form queues the tap.
  document.addEventListener(
    "submit",
    (event) => {
      if (!isPicker(event.target)) return;
      const mode = event.target.querySelector("input[name='as']:checked");
      event.mjAddAs = mode ? mode.value : null;
    },
    true,
  );

  document.addEventListener("htmx:configRequest", (event) => {
    const form = event.detail.elt;
    if (!isPicker(form)) return;
    const parameters = event.detail.parameters;
    const triggering = event.detail.triggeringEvent;
    const submitter = triggering && triggering.submitter;
    if (triggering && triggering.mjAddAs) parameters.as = triggering.mjAddAs;
    // A change of the caller or of a typed line is no button's: it changes nothing else.
    if (!submitter || !submitter.name) {
      for (const name of CHANGES) delete parameters[name];
      return;
    }
    for (const name of CHANGES) delete parameters[name];
    parameters[submitter.name] = submitter.value;
  });
})();
