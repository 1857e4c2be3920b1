// Applies the saved theme before the first paint (an external file: the CSP forbids inline scripts).
(function () {
  try {
    var t = localStorage.getItem('theme') || 'light';
    var dark =
      t === 'dark' || (t === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // storage blocked: keep the light default
  }
})();
