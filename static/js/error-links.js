// The links in a refused form's summary ("The round was not saved. Fix what is marked…")
// lead to the control that fixes each problem. Following a link to an element scrolls to
// it but leaves the keyboard's focus where it was (a tester found the focus still on the
// page after the jump): put it on the control, as a keyboard user expects. Loaded as a
// file: the Content-Security-Policy forbids inline scripts.
document.addEventListener("click", (event) => {
  const link = event.target.closest(".round-refused a[href^='#']");
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
});
