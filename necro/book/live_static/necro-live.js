// necro live mode: a "Play live" button on chapter pages built from a notebook.
//
// The Sphinx extension in necro/book/live.py adds this script to every page and
// marks notebook pages with <meta name="necro-notebook" content="book/...ipynb">.
// When `necro live` serves the book, it sets the cookie necro_live=<host:port>
// and answers <site root>/necro-live.json with where Voila is; the button then
// opens the chapter as a Voila app whose widgets talk to the rules engines in
// a kernel. Anywhere else the page gets a one-line note instead, true to where
// it is: served over http (static hosting, `necro book`) its boards run the
// rules engine in the reader's browser, and the note only names `necro live`
// for a kernel; opened from file:// they cannot (browsers do not start the
// engine for files, see widgets/core.js), so the note says how to serve the
// book. No request is made (so a static host never logs a 404 for
// necro-live.json).
(function () {
  "use strict";

  var STYLE = [
    ".necro-live { margin: 0.5rem 0 1.25rem; }",
    ".necro-live-button { display: inline-flex; align-items: center; gap: 0.5em;",
    "  padding: 0.5em 1.1em; border-radius: 0.4em; border: 2px solid #1b4f72;",
    "  background: #1b4f72; color: #fff !important; font-weight: 600;",
    "  text-decoration: none !important; font-size: 1.05em; }",
    ".necro-live-button:hover { background: #fff; color: #1b4f72 !important; }",
    ".necro-live-button:focus-visible { outline: 3px solid #e67e22; outline-offset: 2px; }",
    ".necro-live-lab { margin-left: 1em; }",
    ".necro-live-note { font-size: 0.85em; opacity: 0.8; }",
    ".necro-live-note code { font-size: 0.95em; }",
  ].join("\n");

  function notebookPath() {
    var meta = document.querySelector('meta[name="necro-notebook"]');
    return meta ? meta.getAttribute("content") : null;
  }

  function siteRoot() {
    var root = document.documentElement.dataset.content_root || "./";
    return new URL(root, window.location.href);
  }

  // Only `necro live` sets this cookie, for the host:port it serves.
  function servedLive() {
    if (!/^https?:$/.test(window.location.protocol)) return false;
    return document.cookie.split(/;\s*/).some(function (pair) {
      var eq = pair.indexOf("=");
      return pair.slice(0, eq) === "necro_live" &&
        decodeURIComponent(pair.slice(eq + 1)).replace(/^"|"$/g, "") === window.location.host;
    });
  }

  function loadInfo() {
    if (!servedLive()) return Promise.resolve(null);
    return fetch(new URL("necro-live.json", siteRoot()), {
      cache: "no-store",
      credentials: "same-origin",
    })
      .then(function (reply) { return reply.ok ? reply.json() : null; })
      .then(function (info) {
        // notebook_prefix is null when the book lies outside the server's root
        return info && info.live && typeof info.notebook_prefix === "string" ? info : null;
      })
      .catch(function () { return null; });
  }

  function withToken(url, info) {
    return info.token ? url + "?token=" + encodeURIComponent(info.token) : url;
  }

  function encodePath(path) {
    return path.split("/").map(encodeURIComponent).join("/");
  }

  function liveBox(notebook, info) {
    var box = document.createElement("aside");
    box.className = "necro-live";
    box.setAttribute("aria-label", "Live mode");
    var path = encodePath((info.notebook_prefix || "") + notebook);
    var button = document.createElement("a");
    button.className = "necro-live-button";
    button.href = withToken(info.voila_url + path, info);
    button.title = "Open this chapter as a live app: the widgets run the rules engine in a kernel";
    var icon = document.createElement("span");
    icon.setAttribute("aria-hidden", "true");
    icon.textContent = "\u25B6";
    button.append(icon, " Play live");
    box.appendChild(button);
    if (info.lab_url) {
      var lab = document.createElement("a");
      lab.className = "necro-live-lab";
      lab.href = withToken(info.lab_url + path, info);
      lab.textContent = "Open in JupyterLab";
      box.appendChild(lab);
    }
    return box;
  }

  // The note's text as parts: strings, and [command] for the commands shown as code.
  function noteParts(fromFile) {
    if (fromFile) {
      return ["Opened from a file, this page's boards play only the moves stored with it:" +
        " browsers do not start the in-browser rules engine for files. Serve the book over" +
        " http (", ["necro book"], ") and they play whole games in your browser; ", ["necro live"],
        " puts a Python kernel behind each chapter (see the book's README)."];
    }
    return ["The boards on this page run the rules engine in your browser. For a Python kernel" +
      " behind the chapter instead, run ", ["necro live"], " in a checkout of the book (see its" +
      " README)."];
  }

  function staticNote() {
    var box = document.createElement("aside");
    box.className = "necro-live necro-live-note";
    noteParts(window.location.protocol === "file:").forEach(function (part) {
      if (typeof part === "string") {
        box.appendChild(document.createTextNode(part));
      } else {
        var code = document.createElement("code");
        code.textContent = part[0];
        box.appendChild(code);
      }
    });
    return box;
  }

  function place(box) {
    var article = document.querySelector("article.bd-article") ||
      document.querySelector("main") || document.body;
    var heading = article.querySelector("h1");
    if (heading && heading.parentNode) {
      heading.parentNode.insertBefore(box, heading.nextSibling);
    } else {
      article.insertBefore(box, article.firstChild);
    }
  }

  function start() {
    var notebook = notebookPath();
    if (!notebook) return;
    var style = document.createElement("style");
    style.textContent = STYLE;
    document.head.appendChild(style);
    loadInfo().then(function (info) {
      place(info ? liveBox(notebook, info) : staticNote());
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
