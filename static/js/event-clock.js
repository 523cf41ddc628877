// The session clock of a tournament (templates/leagues/events/clock.html): the server says
// how many seconds were left when it sent the page; this counts them down each second. The
// projector's refresh (htmx) brings a new clock element, read afresh, so the page never
// drifts from the server by more than one refresh.
(function () {
  "use strict";
  let element = null;
  let deadline = 0;

  function format(seconds) {
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    const two = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
  }

  function tick() {
    const clock = document.getElementById("event-clock");
    if (!clock) return;
    const given = clock.dataset.secondsLeft;
    if (given === "") return;
    if (clock !== element) {
      element = clock;
      deadline = Date.now() + Number(given) * 1000;
    }
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    const time = clock.querySelector("[data-clock]");
    if (time) time.textContent = format(left);
    const over = clock.querySelector(".event-clock-over");
    if (over) over.hidden = left > 0;
  }

  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", tick);
})();
