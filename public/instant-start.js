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
    var html = document.documentElement;
    var gone = false;
    var drop = function () {
      gone = true;
      off();
      html.setAttribute('data-instant', 'gone');
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
    html.setAttribute('data-instant', 'pending'); // src/offline/instant-paint.ts waits for it
    var show = function () {
      if (gone) return;
      if (document.querySelector('#root > .app')) return drop(); // the app was faster
      document.body.appendChild(el);
      html.setAttribute('data-instant', 'shown');
    };
    // The snapshot is styled by the app's stylesheets, which index.html only preloads (src/app/app-styles.ts
    // applies them the same way): apply them now and show the picture once they are in, never unstyled.
    var styled = function () {
      var pre = document.querySelectorAll('link[rel="preload"][as="style"][data-app-css]');
      var waiting = 1;
      var one = function () {
        if (--waiting === 0) show();
      };
      var wait = function (link) {
        if (link.sheet) return;
        waiting++;
        link.addEventListener('load', one);
        link.addEventListener('error', one);
      };
      for (var i = 0; i < pre.length; i++) {
        var href = pre[i].getAttribute('href');
        var have = null;
        var sheets = document.querySelectorAll('link[rel="stylesheet"]');
        for (var j = 0; j < sheets.length; j++) if (sheets[j].getAttribute('href') === href) have = sheets[j];
        if (!have) {
          have = document.createElement('link');
          have.rel = 'stylesheet';
          if (pre[i].hasAttribute('crossorigin')) have.setAttribute('crossorigin', pre[i].getAttribute('crossorigin'));
          have.href = href;
          pre[i].parentNode.insertBefore(have, pre[i].nextSibling);
        }
        wait(have);
      }
      one();
    };
    // async: this may run before the parser has reached <body> (then as soon as it has; the head's
    // preloads are all there by then).
    if (document.body) styled();
    else {
      var mo = new MutationObserver(function () {
        if (!document.body) return;
        mo.disconnect();
        styled();
      });
      mo.observe(document.documentElement, { childList: true });
    }
  } catch (e) {
    /* no snapshot: the app starts as usual */
  }
})();
