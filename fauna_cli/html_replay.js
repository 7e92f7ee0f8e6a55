"use strict";
(function () {
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var steps = data.steps, lines = data.lines, last = steps.length - 1;
  var ids = [];  // each step's picture as numbers of lines (null: no picture), rebuilt from the operations
  var prev = [];
  data.pictures.forEach(function (ops, k) {
    if (ops === null) { ids[k] = null; return; }
    var cur = [];
    ops.forEach(function (op) {
      if (typeof op === "number") { cur.push(op); } else {
        for (var i = op[0]; i < op[0] + op[1]; i++) { cur.push(prev[i]); }
      }
    });
    ids[k] = cur;
    prev = cur;
  });
  var picture = document.getElementById("picture"), caption = document.getElementById("caption");
  var slider = document.getElementById("slider"), where = document.getElementById("where");
  var list = document.getElementById("decisions"), results = document.getElementById("results");
  var current = -1;

  function svgText(k) {
    return ids[k] === null ? null : ids[k].map(function (n) { return lines[n]; }).join("\n");
  }

  function label(k) {
    var s = steps[k];
    return k === 0 ? "Start, before the first decision" : "Decision " + s.seq + ": " + s.player + ": " + s.text;
  }

  function table(t) {
    var el = document.createElement("table"), cap = el.createCaption(), head = el.createTHead().insertRow();
    cap.textContent = t.title;
    t.headers.forEach(function (h) {
      var th = document.createElement("th");
      th.scope = "col";
      th.textContent = h;
      head.appendChild(th);
    });
    var body = el.createTBody();
    t.rows.forEach(function (r) {
      var row = body.insertRow();
      r.forEach(function (c) { row.insertCell().textContent = c; });
    });
    return el;
  }

  function heading(text) {
    var h = document.createElement("h2");
    h.textContent = text;
    return h;
  }

  var shownResults = null;

  function showResults(k) {
    var j = k;
    while (j > 0 && !steps[j].tables) { j--; }
    var key = j + "/" + (j === k) + "/" + (k === last);
    if (key === shownResults) { return; }  // the same tables as before: the page is left as it is
    shownResults = key;
    results.textContent = "";
    if (j > 0) {
      results.appendChild(heading(j === k ? "Results after this decision" : "Latest results (after decision " + j + ")"));
      steps[j].tables.forEach(function (t) { results.appendChild(table(t)); });
    }
    if (k === last && data.final.length) {
      results.appendChild(heading("Final tables"));
      data.final.forEach(function (t) { results.appendChild(table(t)); });
    }
  }

  function show(k) {
    k = Math.max(0, Math.min(last, k | 0));
    if (k === current) { return; }
    var text = svgText(k);
    if (text === null) {
      picture.innerHTML = "";
      var p = document.createElement("p");
      p.className = "missing";
      p.textContent = "This file holds no picture of this position.";
      picture.appendChild(p);
    } else {
      picture.innerHTML = text.replace(/^<\?xml[^>]*\?>\n?/, "");
    }
    caption.textContent = label(k);
    where.textContent = (k === 0 ? "Start" : "Decision " + k) + " of " + last;
    slider.value = String(k);
    var old = list.querySelector("li.current");
    if (old) { old.classList.remove("current"); old.removeAttribute("aria-current"); }
    var li = document.getElementById("d" + steps[k].seq);
    if (li) {
      li.classList.add("current");
      li.setAttribute("aria-current", "step");
      requestAnimationFrame(function () {  // after this step is drawn: no second layout within the step
        if (li.offsetTop < list.scrollTop || li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = li.offsetTop - list.clientHeight / 2;
        }
      });
    }
    showResults(k);
    current = k;
    if (location.hash !== "#" + k) {
      try { history.replaceState(null, "", "#" + k); } catch (e) { location.hash = "#" + k; }
    }
  }

  function fromHash() {
    var m = /^#(\d+)$/.exec(location.hash);
    return m ? parseInt(m[1], 10) : 0;
  }

  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(last); });
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  window.addEventListener("hashchange", function () { show(fromHash()); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target === slider) { return; }
    var to = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last}[e.key];
    if (to === undefined) { return; }
    e.preventDefault();
    show(to);
  });
  window.faunaReplay = {show: show, svgText: svgText, last: last, current: function () { return current; }};
  show(fromHash());
})();
