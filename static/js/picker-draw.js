/* The card picker's drawing: the hand as picker_hand.html draws it, and the palette's cards
 * greyed out as the hand requires (picker.js calls these after each change). Loaded after
 * picker-hand.js.
 */
(() => {
  "use strict";

  const SVG = "http://www.w3.org/2000/svg";
  const { suitOf } = window.MhingPicker;

  const fill = (template, values) =>
    template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));

  function kindOf(code) {
    if (code === "J") return "joker";
    if (code === "F") return "flower";
    if (suitOf(code)) return "suit";
    return code.endsWith("w") ? "wind" : "dragon";
  }

  /* The drawing of one picker: its settings, its rules (picker-hand.js), its hand section
     and palette. The palette's cards all become links (see asLink). */
  function drawing(config, hand, handSection, palette) {
    const { limits, names, why, text, prefix } = config;
    const { playing, isEmpty, canStartSet, whyNot, add, remove, changes, urlFor } = hand;
    const plurals = new Intl.PluralRules(document.documentElement.lang || "en");
    const plural = (forms, n) => fill(forms[plurals.select(n) === "one" ? 0 : 1], { n });

    function element(tag, attributes = {}, children = []) {
      const node = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
      node.append(...children);
      return node;
    }

    function face(code, decorative) {
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("class", `mcard mcard-${kindOf(code)}`);
      svg.setAttribute("viewBox", "0 0 48 64");
      svg.setAttribute("focusable", "false");
      svg.setAttribute("data-card", code);
      if (decorative) {
        svg.setAttribute("aria-hidden", "true");
      } else {
        svg.setAttribute("role", "img");
        svg.setAttribute("aria-label", names[code]);
        const title = document.createElementNS(SVG, "title");
        title.textContent = names[code];
        svg.append(title);
      }
      const use = document.createElementNS(SVG, "use");
      use.setAttribute("href", `#${prefix}-face-${code}`);
      svg.append(use);
      return svg;
    }

    /* A card of the hand: a link to the hand without it. */
    function pick(next, attributes, label, code) {
      const href = next ? urlFor(next) : "#";
      return element("a", { class: "pick", href, "aria-label": label, ...attributes }, [
        face(code, true),
      ]);
    }

    function looseCards(s) {
      const codes = [...s.concealed, ...Array(s.jokers).fill("J")];
      const items = codes.map((code) => {
        const label = fill(text.remove, { card: names[code] });
        return element("li", {}, [pick(remove(s, code), { "data-remove": code }, label, code)]);
      });
      return element("ul", { class: "picker-run", "aria-label": text.cards_in_hand }, items);
    }

    function exposedSet(s, set, index) {
      const label = set.join(" ");
      const removeLink = element(
        "a",
        {
          class: "picker-set-remove",
          href: urlFor(changes.removeSet(s, index)),
          "data-remove-set": String(index),
          "aria-label": fill(text.remove_set, { set: label }),
          title: text.remove_set_title,
        },
        ["×"],
      );
      const attributes = {
        class: "picker-set is-exposed",
        role: "group",
        "aria-label": fill(text.exposed_set, { set: label }),
      };
      return element("div", attributes, [
        element("span", { class: "picker-set-label", "aria-hidden": "true" }, [text.exposed]),
        ...set.map((code) => element("span", { class: "pick-static" }, [face(code, false)])),
        removeLink,
      ]);
    }

    function pendingSet(s) {
      const cards = s.pending.map((code, index) => {
        const label = fill(text.take_out, { card: names[code] });
        const next = changes.removePending(s, index);
        return pick(next, { "data-remove-pending": String(index) }, label, code);
      });
      const slots = Array.from({ length: limits.set - s.pending.length }, () =>
        element("span", { class: "pick-slot", "aria-hidden": "true" }),
      );
      const attributes = {
        class: "picker-set is-pending",
        role: "group",
        "aria-label": text.pending_set,
      };
      return element("div", attributes, [
        element("span", { class: "picker-set-label", "aria-hidden": "true" }, [text.new_set]),
        ...cards,
        ...slots,
      ]);
    }

    function flowers(s) {
      const next = remove(s, "F");
      const items = Array.from({ length: s.flowers }, () =>
        element("li", {}, [pick(next, { "data-remove": "F" }, text.remove_flower, "F")]),
      );
      const attributes = { class: "picker-run picker-flowers", "aria-label": text.flowers_in_hand };
      return element("ul", attributes, items);
    }

    /* What picker_hand.html draws in .picker-cards, in the same order. */
    function cardsOf(s) {
      if (s.error) return [element("p", { class: "picker-note" }, [text.unreadable])];
      if (isEmpty(s)) return [element("p", { class: "picker-note" }, [text.empty])];
      const nodes = [];
      if (s.concealed.length || s.jokers) nodes.push(looseCards(s));
      s.exposed.forEach((set, index) => nodes.push(exposedSet(s, set, index)));
      if (s.pending) nodes.push(pendingSet(s));
      if (s.flowers) nodes.push(flowers(s));
      return nodes;
    }

    function drawHand(s) {
      handSection.querySelector(".picker-cards").replaceChildren(...cardsOf(s));
      let count = fill(text.count, { n: playing(s) });
      if (s.flowers) count += ` · ${plural(text.flowers, s.flowers)}`;
      handSection.querySelector(".picker-count").textContent = count;
      let tip = "";
      if (s.pending) tip = plural(text.building, limits.set - s.pending.length);
      else if (!isEmpty(s) && !s.error) tip = text.tip;
      handSection.querySelector(".picker-tip").textContent = tip;
      const actions = [
        ["start", canStartSet(s)],
        ["cancel", Boolean(s.pending)],
        ["clear", !isEmpty(s)],
      ];
      for (const [name, shown] of actions) {
        const button = handSection.querySelector(`[data-do="${name}"]`);
        button.hidden = !shown;
        if (shown) button.href = urlFor(changes[name](s));
      }
    }

    /* A palette card is a link while it can be added; otherwise a dimmed link without an
       address, out of the tab order but still focusable, so a card that greys out under the
       keyboard's focus keeps it. The server draws a card that cannot be added as a span:
       made a link here once. */
    function asLink(node) {
      if (node.tagName === "A") return node;
      const code = node.dataset.add;
      const svg = node.querySelector("svg");
      for (const name of ["role", "aria-label"]) svg.removeAttribute(name);
      svg.setAttribute("aria-hidden", "true");
      const link = element("a", {
        class: "pick",
        id: node.id,
        "data-add": code,
        "aria-label": fill(text.add, { card: names[code] }),
      }, [svg]);
      node.replaceWith(link);
      return link;
    }

    const links = [...palette.querySelectorAll("[data-add]")].map(asLink);

    function drawPalette(state) {
      for (const link of links) {
        const code = link.dataset.add;
        const reason = whyNot(state, code);
        link.classList.toggle("is-disabled", Boolean(reason));
        if (reason) {
          link.removeAttribute("href");
          link.setAttribute("role", "link");
          link.setAttribute("tabindex", "-1"); // out of the tab order, as the server draws it
          link.setAttribute("aria-disabled", "true");
          link.title = why[reason];
        } else {
          link.href = urlFor(add(state, code));
          for (const name of ["role", "tabindex", "aria-disabled", "title"]) {
            link.removeAttribute(name);
          }
        }
      }
      palette.classList.toggle("is-building", Boolean(state.pending));
      const title = state.pending ? text.palette_building : text.palette;
      palette.querySelector("h2").textContent = title;
    }

    return { drawHand, drawPalette, element, fill };
  }

  window.MhingPicker.drawing = drawing;
})();
