/* The night's board (templates/leagues/night.html): a poll that fails (server down, network
   gone) keeps the last tables, whose "Updated at" time stays, and this says the refresh
   failed; the next poll that answers hides it again. htmx goes on polling either way. */
(() => {
  const failed = (event) => {
    if (event.detail.elt && event.detail.elt.id === "night-tables") {
      const note = document.getElementById("night-board-failed");
      if (note) note.hidden = false;
    }
  };
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:responseError", failed);
  document.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.elt && event.detail.elt.id === "night-tables") {
      const note = document.getElementById("night-board-failed");
      if (note) note.hidden = true;
    }
  });
})();
