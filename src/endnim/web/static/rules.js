// Rule sets written as data (TOML) on the page: the box, the server's check, and the link.
//
// The text typed in the box is sent to POST /api/rules, which reads it (no code runs) and
// answers the rule set's name and description, or one line naming the key that is wrong (shown
// under the box). The rule set is then chosen in the variant picker, and the page's link
// carries the text (#variant=...&position=...&rules=...), so that a reload or a shared link
// registers it again before anything else is shown. app.js calls endnimRules.textOf (for the
// link) and endnimRules.restore (when it follows a link); everything else is here.
const endnimRules = (() => {
  const texts = {}; // a typed rule set's name -> its TOML text

  async function register(text) {
    // The server's rule set for ``text``, added to the variant picker (an Error if refused).
    const info = await api("POST", "/api/rules", null, { text });
    state.variants[info.name] = info;
    texts[info.name] = text;
    const picker = $("variant");
    if (![...picker.options].some((option) => option.value === info.name)) {
      picker.append(el("option", { value: info.name, text: `${info.title} (typed)` }));
    }
    return info;
  }

  function showRulesError(message) {
    const box = $("rules-error");
    box.textContent = message;
    box.hidden = !message;
  }

  async function use() {
    const text = $("rules-text").value;
    if (!text.trim()) { showRulesError("the rules box is empty: write a rule set in TOML (see the example)"); return; }
    let info;
    try { info = await register(text); } catch (error) { showRulesError(error.message); return; }
    showRulesError("");
    $("rules-status").textContent = `${info.title}: ${info.summary}`;
    const picker = $("variant");
    picker.value = info.name;
    picker.dispatchEvent(new Event("change")); // app.js analyses the position under it
  }

  async function restore(target, problems) {
    // A link that carries rules: register them first, so that its variant names them.
    if (target.rules === null || target.rules === undefined) return target;
    $("rules-text").value = target.rules;
    $("rules-card").open = true;
    try {
      const info = await register(target.rules);
      showRulesError("");
      $("rules-status").textContent = `${info.title}: ${info.summary}`;
      return { ...target, variant: info.name };
    } catch (error) {
      showRulesError(error.message);
      problems.push(`this link's rules cannot be read: ${error.message}`);
      return { ...target, variant: null };
    }
  }

  function textOf(variant) { return Object.prototype.hasOwnProperty.call(texts, variant) ? texts[variant] : null; }

  function wire() {
    $("rules-use").addEventListener("click", use);
    $("rules-form").addEventListener("submit", (event) => { event.preventDefault(); use(); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
  return { register, restore, textOf };
})();
