// necro: keyboard focus stays on the Sphinx Book Theme's header buttons (added by necro/book/theme.py).
//
// The theme blurs its colour-mode, search and sidebar buttons on every click, to hide their
// tooltips. A click made with the keyboard (Enter or Space: a click whose `detail` is 0) then
// drops the reader's focus to the page's <body>: a screen reader says nothing of what the
// button did (the colour-mode button's new name), and the next Tab starts over. So after such a
// click, when nothing else took the focus (a dialog the button opened takes it), it goes back.
document.addEventListener("click", (event) => {
  const button = event.target instanceof Element && event.target.closest(
    ".theme-switch-button, .search-button, .primary-toggle, .secondary-toggle");
  if (!button || event.detail !== 0) return;
  if (!document.activeElement || document.activeElement === document.body) button.focus();
});
