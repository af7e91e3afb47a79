/* Instant start (src/offline/README.md, "Instant start snapshot"). A classic `async` script, precached
 * by the worker and run before the module graph: when this browser holds a snapshot of the screen in
 * location.hash (shop or wallet), saved by the same user and the same build, it shows it at once as an
 * aria-hidden, inert picture over the page. The app removes it when that screen has rendered its real
 * content (src/offline/instant-start.ts); any tap, key or hash change removes it at once, and a timeout
 * after a few seconds. Keep this file tiny and in sync with instant-start.ts (same keys, same parsing). */
(function () {
  var PREFIX = 'socialpay.instant.';
  var ID = 'sp-instant';
  try {
    var m = /^#?\/?((?:se\/)?)((?:nl|en)(?:\/|$))?([^?]*)$/i.exec(location.hash || '');
    if (!m) return;
    var rest = m[3].replace(/\/$/, '');
    var screen = rest === '' ? 'shop' : rest.toLowerCase() === 'wallet' ? 'wallet' : null;
    if (!screen) return;
    var lang = m[2] && m[2].slice(0, 2).toLowerCase() === 'nl' ? 'nl' : 'en';
    var owner = localStorage.getItem(PREFIX + 'owner');
    var raw = owner && localStorage.getItem(PREFIX + screen);
    if (!raw) return;
    var s = JSON.parse(raw);
    var build = document.documentElement.getAttribute('data-build');
    if (!s || s.v !== 1 || !build || s.build !== build || s.owner !== owner || s.lang !== lang || typeof s.html !== 'string') return;
    // async: if the app has already rendered (this file came late), the live screen is there: no picture.
    if (document.querySelector('#root > .app')) return;
    var el = document.createElement('div');
    el.id = ID;
    el.className = 'sp-instant';
    el.setAttribute('aria-hidden', 'true');
    el.setAttribute('inert', '');
    el.setAttribute('data-screen', screen);
    el.setAttribute('data-owner', owner);
    el.innerHTML = s.html;
    var tap = null;
    var off = function () {
      removeEventListener('pointerdown', down, true);
      removeEventListener('keydown', drop, true);
      removeEventListener('hashchange', drop);
    };
    var gone = false;
    var drop = function () {
      gone = true;
      off();
      if (el.parentNode) el.parentNode.removeChild(el);
    };
    // The snapshot is inert (taps pass through to the live page). A tap on one of its links while the
    // live app has not rendered yet still navigates: the app then opens on that hash.
    var down = function (e) {
      if (el.parentNode) {
        var links = el.querySelectorAll('a[href^="#"],[data-instant-href]');
        for (var i = 0; i < links.length; i++) {
          var r = links[i].getBoundingClientRect();
          if (e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom) {
            tap = links[i].getAttribute('data-instant-href') || links[i].getAttribute('href');
          }
        }
      }
      drop();
      if (tap) {
        addEventListener('click', function (c) {
          var live = document.querySelector('#root > .app');
          if (!live && tap && !c.defaultPrevented) location.hash = tap;
          tap = null;
        }, { capture: true, once: true });
      }
    };
    addEventListener('pointerdown', down, true);
    addEventListener('keydown', drop, true);
    addEventListener('hashchange', drop);
    setTimeout(drop, 4000);
    // async: this may run before the parser has reached <body> (then as soon as it has).
    if (document.body) document.body.appendChild(el);
    else {
      var mo = new MutationObserver(function () {
        if (!document.body) return;
        mo.disconnect();
        if (!gone) document.body.appendChild(el);
      });
      mo.observe(document.documentElement, { childList: true });
    }
  } catch (e) {
    /* no snapshot: the app starts as usual */
  }
})();
