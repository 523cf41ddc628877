// The members page's "Copy" buttons: progressive enhancement. Without JavaScript the link is
// a read-only text field to select and copy by hand; with it, each button appears and copies
// its field's text. Loaded as a file: the Content-Security-Policy forbids inline scripts.
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("button.copy-link[data-copy]")) {
    const field = document.getElementById(button.dataset.copy);
    if (!field) continue;
    const label = button.textContent;
    button.hidden = false;
    button.addEventListener("click", async () => {
      field.select();
      try {
        await navigator.clipboard.writeText(field.value);
      } catch {
        // No clipboard permission (an insecure origin, say): the text stays selected.
        document.execCommand?.("copy");
      }
      button.textContent = button.dataset.copied;
      setTimeout(() => { button.textContent = label; }, 2000);
    });
  }
});
