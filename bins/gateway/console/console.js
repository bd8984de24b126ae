// The redaction console: Playground, Usage, Accounts and keys.
//
// Rules kept here: every piece of text from a user or a server is put on the page with
// textContent or as an attribute value, never as HTML; the API key and the admin token live
// in this tab's sessionStorage only; nothing is sent anywhere but this server.
"use strict";

(function () {
  const KEY_STORE = "redact.apiKey";
  const ADMIN_STORE = "redact.adminToken";
  const PAGES = ["playground", "usage", "keys"];

  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else e.setAttribute(k, v);
    }
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function store(name) {
    try {
      return window.sessionStorage.getItem(name) || "";
    } catch (_) {
      return "";
    }
  }

  function keep(name, value) {
    try {
      if (value) window.sessionStorage.setItem(name, value);
      else window.sessionStorage.removeItem(name);
    } catch (_) {
      /* storage off: the value lives in the field only */
    }
  }

  function show(node, on) {
    node.hidden = !on;
  }

  function say(node, message) {
    node.textContent = message || "";
    show(node, Boolean(message));
  }

  function usd(n) {
    return typeof n === "number" && isFinite(n) ? n.toFixed(6).replace(/0{1,4}$/, "") + " USD" : "–";
  }

  // --- requests ----------------------------------------------------------------------------

  async function call(method, path, token, body) {
    const headers = { Accept: "application/json" };
    if (token) headers.Authorization = "Bearer " + token;
    const init = { method, headers, credentials: "omit", cache: "no-store" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (_) {
      return { ok: false, status: 0, error: "The server cannot be reached." };
    }
    let data = null;
    try {
      data = await response.json();
    } catch (_) {
      data = null;
    }
    if (response.ok) return { ok: true, status: response.status, data };
    const message =
      data && data.error && typeof data.error.message === "string"
        ? data.error.message
        : "The server answered " + response.status + ".";
    const code = data && data.error ? data.error.code : null;
    return { ok: false, status: response.status, code, error: message };
  }

  function busy(button, on) {
    button.disabled = on;
    button.setAttribute("aria-busy", on ? "true" : "false");
  }

  async function copy(text, button) {
    let done = false;
    try {
      await navigator.clipboard.writeText(text);
      done = true;
    } catch (_) {
      const area = el("textarea", { readonly: "", "aria-hidden": "true" });
      area.value = text;
      area.className = "sr-only";
      document.body.appendChild(area);
      area.select();
      try {
        done = document.execCommand("copy");
      } catch (_) {
        done = false;
      }
      area.remove();
    }
    const label = button.dataset.label || button.textContent;
    button.dataset.label = label;
    button.textContent = done ? "Copied" : "Copy failed";
    setTimeout(() => {
      button.textContent = label;
    }, 1500);
  }

  // --- pages -------------------------------------------------------------------------------

  function route() {
    const wanted = (location.hash || "#playground").slice(1);
    const page = PAGES.includes(wanted) ? wanted : "playground";
    for (const p of PAGES) {
      show($(p), p === page);
      const link = $("nav-" + p);
      if (p === page) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    show($("key-bar"), page !== "keys");
    if (page === "usage" && apiKey()) loadUsage();
    if (page === "keys" && adminToken()) loadPlans();
  }

  function apiKey() {
    return $("api-key").value.trim();
  }

  function adminToken() {
    return $("admin-token").value.trim();
  }

  // --- playground --------------------------------------------------------------------------

  // The kind of a real value, guessed from its shape (the API's map does not say).
  function kindOf(real) {
    const v = real.trim();
    const digits = v.replace(/\D/g, "");
    if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return "email";
    if (/^(https?:\/\/|www\.)/i.test(v)) return "link";
    if (/^\d{1,3}(\.\d{1,3}){3}$/.test(v) || /^[0-9a-f:]+:[0-9a-f:]+$/i.test(v)) return "ip";
    if (/^(sk|pk|rk|ghp|xox[bp]|AKIA)[-_A-Za-z0-9]{8,}$/.test(v) || /^[A-Za-z0-9_-]{32,}$/.test(v)) return "key";
    if (/^\d{3}-\d{2}-\d{4}$/.test(v)) return "ssn";
    if (/^[A-Z]{2}\d{2}[A-Z0-9 ]{10,}$/.test(v)) return "account";
    if (/^[\d -]+$/.test(v) && digits.length >= 13 && digits.length <= 19) return "card";
    if (/^\+?[\d ()./-]+$/.test(v) && digits.length >= 7) return "phone";
    if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(v) && !/\s/.test(v)) return "host";
    if (/\d/.test(v) && /\s/.test(v) && /[A-Za-z]{3,}/.test(v)) return "address";
    if (/^[A-Z0-9]{2,4} ?[A-Z0-9]{2,4}$/i.test(v) && /\d/.test(v)) return "postcode";
    if (/\d/.test(v)) return "id";
    if (/^[\p{L}' .-]+$/u.test(v)) return "name";
    return "other";
  }

  // The text split at every stand-in of the map, longest first at each position.
  function segments(text, map) {
    const keys = Object.keys(map).filter((k) => k.length > 0);
    keys.sort((a, b) => b.length - a.length);
    const out = [];
    let plain = "";
    let i = 0;
    while (i < text.length) {
      let hit = null;
      for (const k of keys) {
        if (text.startsWith(k, i)) {
          hit = k;
          break;
        }
      }
      if (hit === null) {
        plain += text[i];
        i += 1;
      } else {
        if (plain) out.push({ text: plain });
        plain = "";
        out.push({ text: hit, real: map[hit] });
        i += hit.length;
      }
    }
    if (plain) out.push({ text: plain });
    return out;
  }

  function renderRedacted(text, map) {
    const box = $("redacted");
    box.replaceChildren();
    for (const s of segments(text, map)) {
      if (s.real === undefined) {
        box.appendChild(document.createTextNode(s.text));
        continue;
      }
      const kind = kindOf(s.real);
      const mark = el("mark", {
        class: "standin kind-" + kind,
        tabindex: "0",
        "aria-label": s.text + " (" + kind + ", stands in for " + s.real + ")",
        "data-kind": kind,
      });
      mark.appendChild(document.createTextNode(s.text));
      mark.appendChild(el("span", { class: "real", "aria-hidden": "true" }, s.real));
      box.appendChild(mark);
    }
  }

  function renderMap(map) {
    const body = $("map-table").tBodies[0];
    body.replaceChildren();
    for (const [standIn, real] of Object.entries(map)) {
      const kind = kindOf(real);
      const row = el("tr");
      const k = el("td");
      k.appendChild(el("span", { class: "tag kind-" + kind }, kind));
      row.appendChild(k);
      row.appendChild(el("td", {}, standIn));
      row.appendChild(el("td", {}, real));
      body.appendChild(row);
    }
  }

  let lastMap = {};
  let lastText = "";

  async function redact() {
    const error = $("playground-error");
    say(error, "");
    if (!apiKey()) {
      say(error, "Enter an API key first.");
      $("api-key").focus();
      return;
    }
    const body = { text: $("text").value };
    const allow = $("allow")
      .value.split("\n")
      .map((t) => t.trim())
      .filter(Boolean);
    if (allow.length) body.allow = allow;
    const profile = {};
    for (const f of ["name", "email", "phone"]) {
      const v = $("profile-" + f).value.trim();
      if (v) profile[f] = v;
    }
    if (Object.keys(profile).length) body.profile = profile;
    if ($("strict").checked) body.strict = true;
    const button = $("redact-btn");
    busy(button, true);
    const r = await call("POST", "/v1/redact", apiKey(), body);
    busy(button, false);
    if (!r.ok) {
      say(error, r.error);
      return;
    }
    const d = r.data || {};
    lastMap = d.map && typeof d.map === "object" ? d.map : {};
    lastText = typeof d.text === "string" ? d.text : "";
    renderRedacted(lastText, lastMap);
    renderMap(lastMap);
    $("count").textContent = String(d.redacted);
    $("names-decided").textContent = d.names_decided ? "yes" : "no (the name check could not run)";
    $("restored").replaceChildren();
    show($("result"), true);
  }

  async function restore() {
    const error = $("playground-error");
    say(error, "");
    const button = $("restore-btn");
    busy(button, true);
    const r = await call("POST", "/v1/restore", apiKey(), { text: $("reply").value, map: lastMap });
    busy(button, false);
    if (!r.ok) {
      say(error, r.error);
      return;
    }
    $("restored").textContent = r.data && typeof r.data.text === "string" ? r.data.text : "";
  }

  // --- usage -------------------------------------------------------------------------------

  async function loadUsage() {
    const error = $("usage-error");
    say(error, "");
    if (!apiKey()) {
      say(error, "Enter an API key first.");
      return;
    }
    const r = await call("GET", "/v1/usage", apiKey());
    if (!r.ok) {
      say(error, r.error);
      show($("usage-figures"), false);
      return;
    }
    const u = r.data || {};
    $("usage-tier").textContent = u.tier;
    const used = Number(u.requests_this_month) || 0;
    const included = Number(u.requests_included) || 0;
    $("usage-requests").textContent = used + " of " + included + " included";
    const bar = $("usage-bar");
    bar.max = Math.max(included, 1);
    bar.value = Math.min(used, bar.max);
    bar.high = bar.max * 0.8;
    bar.textContent = used + " / " + included;
    $("usage-balance").textContent = usd(u.balance_usd);
    $("usage-spent").textContent = usd(u.spent_usd);
    $("usage-remaining").textContent = usd(u.remaining_usd);
    show($("usage-figures"), true);
  }

  // --- accounts and keys -------------------------------------------------------------------

  let plans = [];
  let account = null;

  async function admin(method, path, body) {
    const r = await call(method, "/admin/v1" + path, adminToken(), body);
    if (!r.ok && r.status === 404 && path === "/plans") {
      r.error = "The admin API is off on this server (REDACT_ADMIN_TOKEN is not set).";
    }
    return r;
  }

  function status(message) {
    $("keys-status").textContent = message || "";
  }

  function fillPlans(select, chosen) {
    select.replaceChildren();
    for (const p of plans) {
      const o = el("option", { value: p }, p);
      if (p === chosen) o.selected = true;
      select.appendChild(o);
    }
  }

  async function loadPlans() {
    const r = await admin("GET", "/plans");
    if (!r.ok) {
      say($("keys-error"), r.error);
      return false;
    }
    say($("keys-error"), "");
    plans = Array.isArray(r.data.plans) ? r.data.plans.map(String) : [];
    fillPlans($("new-account-plan"), "free");
    if (account) fillPlans($("account-plan"), account.plan);
    return true;
  }

  function renderAccount() {
    const a = account;
    $("account-name").textContent = a.name;
    const dl = $("account-details");
    dl.replaceChildren();
    const rows = [
      ["Id", a.id],
      ["Plan", a.plan],
      ["API access", a.api_access ? "on" : "off"],
      ["Balance", usd(a.balance_usd)],
      ["Held for chats in flight", usd(a.held_usd)],
      ["Spent this month", usd(a.spent_usd)],
      ["Requests this month", a.requests_this_month],
      ["Keys", a.keys],
    ];
    for (const [k, v] of rows) {
      dl.appendChild(el("dt", {}, k));
      dl.appendChild(el("dd", {}, v));
    }
    fillPlans($("account-plan"), a.plan);
    $("account-access-toggle").textContent = a.api_access ? "Switch API access off" : "Switch API access on";
    show($("account"), true);
  }

  function renderKeys(keys) {
    const body = $("keys-table").tBodies[0];
    body.replaceChildren();
    for (const k of keys) {
      const row = el("tr", { "data-key-id": k.id });
      row.appendChild(el("td", {}, k.id));
      row.appendChild(el("td", {}, k.prefix + "…"));
      row.appendChild(el("td", {}, k.monthly_limit_usd === null ? "none" : usd(k.monthly_limit_usd)));
      row.appendChild(el("td", {}, usd(k.spent_usd)));
      row.appendChild(el("td", {}, k.state));
      const cell = el("td");
      if (k.state === "active") {
        const b = el("button", { type: "button", class: "revoke", "aria-label": "Revoke key " + k.id }, "Revoke");
        b.addEventListener("click", () => revoke(k.id, b));
        cell.appendChild(b);
      }
      row.appendChild(cell);
      body.appendChild(row);
    }
  }

  async function openAccount(idOrName) {
    say($("keys-error"), "");
    if (!plans.length && !(await loadPlans())) return;
    const r = await admin("GET", "/accounts/" + encodeURIComponent(idOrName));
    if (!r.ok) {
      say($("keys-error"), r.error);
      show($("account"), false);
      account = null;
      return;
    }
    account = r.data;
    renderAccount();
    const k = await admin("GET", "/accounts/" + encodeURIComponent(account.id) + "/keys");
    if (k.ok) renderKeys(Array.isArray(k.data.keys) ? k.data.keys : []);
    else say($("keys-error"), k.error);
  }

  async function act(button, method, path, body, done) {
    say($("keys-error"), "");
    busy(button, true);
    const r = await admin(method, path, body);
    busy(button, false);
    if (!r.ok) {
      say($("keys-error"), r.error);
      return null;
    }
    if (done) status(done);
    return r.data;
  }

  async function revoke(id, button) {
    if (!window.confirm("Revoke key " + id + "? This cannot be undone.")) return;
    if (await act(button, "POST", "/keys/" + encodeURIComponent(id) + "/revoke", {}, "Key " + id + " revoked.")) {
      await openAccount(account.id);
    }
  }

  function amount(input) {
    const raw = input.value.trim();
    if (!raw) return null;
    const n = Number(raw);
    return isFinite(n) ? n : NaN;
  }

  // --- wiring ------------------------------------------------------------------------------

  function init() {
    $("api-key").value = store(KEY_STORE);
    $("admin-token").value = store(ADMIN_STORE);
    $("api-key").addEventListener("change", () => keep(KEY_STORE, apiKey()));
    $("api-key").addEventListener("input", () => keep(KEY_STORE, apiKey()));
    $("api-key-forget").addEventListener("click", () => {
      $("api-key").value = "";
      keep(KEY_STORE, "");
    });
    $("admin-token").addEventListener("input", () => keep(ADMIN_STORE, adminToken()));
    $("admin-token").addEventListener("change", () => {
      keep(ADMIN_STORE, adminToken());
      if (adminToken()) loadPlans();
    });

    $("redact-btn").addEventListener("click", redact);
    $("text").addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) redact();
    });
    $("restore-btn").addEventListener("click", restore);
    $("copy-redacted").addEventListener("click", (e) => copy(lastText, e.currentTarget));
    $("copy-map").addEventListener("click", (e) => copy(JSON.stringify(lastMap, null, 2), e.currentTarget));
    $("copy-restored").addEventListener("click", (e) => copy($("restored").textContent, e.currentTarget));
    $("usage-refresh").addEventListener("click", loadUsage);

    $("account-load").addEventListener("click", () => {
      const v = $("account-lookup").value.trim();
      show($("new-key"), false);
      if (v) openAccount(v);
    });
    $("account-lookup").addEventListener("keydown", (e) => {
      if (e.key === "Enter") $("account-load").click();
    });
    $("account-plan-save").addEventListener("click", async (e) => {
      const plan = $("account-plan").value;
      if (await act(e.currentTarget, "POST", "/accounts/" + encodeURIComponent(account.id) + "/plan", { plan }, "Plan changed to " + plan + ".")) {
        await openAccount(account.id);
      }
    });
    $("account-access-toggle").addEventListener("click", async (e) => {
      const on = !account.api_access;
      if (await act(e.currentTarget, "POST", "/accounts/" + encodeURIComponent(account.id) + "/api-access", { api_access: on }, "API access switched " + (on ? "on." : "off."))) {
        await openAccount(account.id);
      }
    });
    $("topup-btn").addEventListener("click", async (e) => {
      const usdAmount = amount($("topup-amount"));
      if (usdAmount === null || isNaN(usdAmount)) {
        say($("keys-error"), "Enter an amount in USD.");
        return;
      }
      if (await act(e.currentTarget, "POST", "/accounts/" + encodeURIComponent(account.id) + "/top-up", { usd: usdAmount }, "Balance topped up.")) {
        $("topup-amount").value = "";
        await openAccount(account.id);
      }
    });
    $("key-create").addEventListener("click", async (e) => {
      const limit = amount($("key-limit"));
      if (isNaN(limit)) {
        say($("keys-error"), "The monthly limit must be a number of USD.");
        return;
      }
      const body = limit === null ? {} : { monthly_limit_usd: limit };
      const k = await act(e.currentTarget, "POST", "/accounts/" + encodeURIComponent(account.id) + "/keys", body, "Key created.");
      if (k) {
        $("new-key-value").textContent = k.key;
        show($("new-key"), true);
        await openAccount(account.id);
        $("new-key-value").focus();
      }
    });
    $("copy-new-key").addEventListener("click", (e) => copy($("new-key-value").textContent, e.currentTarget));
    $("create-account").addEventListener("click", async (e) => {
      if (!plans.length && !(await loadPlans())) return;
      const balance = amount($("new-account-balance"));
      if (isNaN(balance)) {
        say($("keys-error"), "The opening balance must be a number of USD.");
        return;
      }
      const body = {
        name: $("new-account-name").value,
        plan: $("new-account-plan").value,
        api_access: $("new-account-access").checked,
        balance_usd: balance === null ? 0 : balance,
      };
      const a = await act(e.currentTarget, "POST", "/accounts", body, "Account created.");
      if (a) {
        $("new-account-name").value = "";
        $("account-lookup").value = a.id;
        show($("new-key"), false);
        await openAccount(a.id);
      }
    });
    $("new-key-value").setAttribute("tabindex", "-1");

    window.addEventListener("hashchange", route);
    route();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
