// The shuffle checked in the browser (docs/shuffle.md, /static/shuffle.html): the same
// steps as stud's standalone verifier (src/stud/verify.py), with WebCrypto's SHA-256
// and HMAC-SHA256. A proof is what the hands list gives for each of the player's hands:
// the deck's root and 52 commitments, the seeds, the salt of each deal position the
// player saw, and the hand's actions as the player's history writes them.

const shuffleText = new TextEncoder();

function shuffleBytes(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

function shuffleU32(n) { return new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]); }

function shuffleHex(bytes) { return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""); }

function shuffleUnhex(text) { return new Uint8Array(text.match(/../g).map((h) => parseInt(h, 16))); }

async function shuffleSha(bytes) { return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)); }

// A uniform permutation of 0..n-1: Fisher-Yates from the top, each draw an unsigned
// 32-bit number from HMAC-SHA256(key, label | counter), rejected at or above the
// largest multiple of the bound.
async function shufflePermutation(key, label, n = 52) {
  const hmac = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const tag = shuffleText.encode(label);
  let counter = 0, block = null, offset = 8;
  const draw = async () => {
    if (offset === 8) {
      block = new DataView(await crypto.subtle.sign("HMAC", hmac, shuffleBytes(tag, shuffleU32(counter))));
      counter += 1;
      offset = 0;
    }
    return block.getUint32(4 * offset++);
  };
  const items = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const bound = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % bound);
    let x = await draw();
    while (x >= limit) x = await draw();
    const j = x % bound;
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

async function shufflePositions(seeds) {
  const parts = [shuffleText.encode("stud seeds")];
  for (const seed of seeds) {
    const raw = shuffleText.encode(seed);
    parts.push(shuffleU32(raw.length), raw);
  }
  return shufflePermutation(await shuffleSha(shuffleBytes(...parts)), "stud deal");
}

async function shuffleLeaf(position, card, salt) {
  const data = shuffleBytes(shuffleText.encode("stud leaf"), salt, new Uint8Array([position]), shuffleText.encode(card));
  return shuffleHex(await shuffleSha(data));
}

async function shuffleRoot(leaves) {
  let level = leaves.map(shuffleUnhex);
  while (level.length > 1) {
    const up = [];
    for (let i = 0; i + 1 < level.length; i += 2) up.push(await shuffleSha(shuffleBytes(new Uint8Array([1]), level[i], level[i + 1])));
    if (level.length % 2) up.push(level[level.length - 1]);
    level = up;
  }
  return shuffleHex(level[0]);
}

// Each deal position's card ("??" unseen) from the deal lines: of the k players dealt
// on a street, the i-th takes that street's cards i, i + k, i + 2k...
function shuffleDealt(actions) {
  const cards = [], mine = {};
  let street = [];
  const close = () => {
    if (!street.length) return;
    const k = street.length, count = street[0][1].length, base = cards.length;
    for (let n = 0; n < k * count; n++) cards.push("??");
    street.forEach(([player, dealt], i) => {
      if (dealt.length !== count) throw new Error(_("{player} is dealt {dealt} cards on a street of {count}", { player, dealt: dealt.length, count }));
      dealt.forEach((card, m) => {
        cards[base + i + m * k] = card;
        (mine[player] = mine[player] || []).push(base + i + m * k);
      });
    });
    street = [];
  };
  const split = (text) => text.match(/../g) || [];
  for (const action of actions) {
    const parts = action.split(/\s+/);
    if (parts[0] === "d" && parts[1] === "dh") {
      if (street.some(([p]) => p === parts[2])) close();
      street.push([parts[2], split(parts[3])]);
      continue;
    }
    close();
    if (parts[0] === "d" && parts[1] === "db") cards.push(parts[2]);
    else if (parts[1] === "sm" && parts[2]) {
      const slots = mine[parts[0]] || [];
      split(parts[2]).forEach((card, i) => { if (slots[i] !== undefined) cards[slots[i]] = card; });
    }
  }
  close();
  return cards;
}

// Whether a proof holds: {ok: true, cards} or {ok: false, error}.
async function verifyProof(proof) {
  try {
    if ((await shuffleRoot(proof.leaves)) !== proof.root) return { ok: false, error: _("the commitments do not make the root") };
    const dealt = shuffleDealt(proof.actions);
    const positions = await shufflePositions(proof.seeds);
    let cards = 0;
    for (let slot = 0; slot < 52; slot++) {
      const card = dealt[slot], salt = proof.salts[slot];
      const seen = card !== undefined && card !== "??";
      if (!seen) {
        if (salt) return { ok: false, error: _("deal position {n}: an opening for a card not shown", { n: slot + 1 }) };
        continue;
      }
      if (!salt) return { ok: false, error: _("{card} at deal position {n} has no opening", { card, n: slot + 1 }) };
      const p = positions[slot];
      if ((await shuffleLeaf(p, card, shuffleUnhex(salt))) !== proof.leaves[p]) {
        return { ok: false, error: _("{card} at deal position {n} does not open commitment {p}", { card, n: slot + 1, p: p + 1 }) };
      }
      cards += 1;
    }
    return { ok: true, cards };
  } catch (error) {
    return { ok: false, error: String(error.message || error) };
  }
}
