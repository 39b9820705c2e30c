// The page's Web Workers: the library runs here, off the page's thread, so
// that the page stays responsive however long a computation takes. The page
// starts two: one answers its questions one by one, one runs the Sequence
// view's long computations; it cancels either by terminating it. Messages in:
//   {kind: "call", id, name, args}  a binding of web/bindings.cpp, answered by
//                                   {kind: "result", id, text} (its JSON text)
//   {kind: "values", ruleset, to}   G(0..to) in chunks, each posted as progress
//   {kind: "period", ruleset, max, given}  the period search of `grundy period`
//                                    (with --max max when given)
// Messages out: {kind: "ready"} once the module is loaded (or {kind:
//   "failed", message}), {kind: "progress", reached, total, values?, stats?},
//   {kind: "done", ...}, {kind: "error", message}.
importScripts("grundy.js");

const ready = createGrundy();
ready.then(() => postMessage({kind: "ready"}), (e) => postMessage({kind: "failed", message: String(e)}));

function call(m, name, ...args) {
  const out = JSON.parse(m[name](...args));
  if (out.error !== undefined) throw new Error(out.error);
  return out;
}

onmessage = async (event) => {
  const m = await ready;
  const request = event.data;
  if (request.kind === "call") {
    postMessage({kind: "result", id: request.id, text: m[request.name](...request.args)});
    return;
  }
  try {
    if (request.kind === "values") {
      const start = call(m, "sequenceStart", request.ruleset);
      const to = request.to;
      // About a hundred chunks, each at least 2^12 heaps.
      const chunk = Math.max(4096, Math.ceil((to + 1) / 100));
      let reached = 0;
      while (reached <= to) {
        const last = Math.min(to, reached + chunk - 1);
        const part = call(m, "sequenceExtend", last);
        reached = part.reached;
        postMessage({kind: "progress", reached, total: to + 1, values: part.values,
                     stats: part.rare_count !== undefined ? {rare: part.rare_count, mask: part.mask} : null});
      }
      postMessage({kind: "done", request: "values", ruleset: start.ruleset, method: start.method});
    } else if (request.kind === "period") {
      const result = call(m, "period", request.ruleset, request.given ? request.max : 0,
                          (reached) => postMessage({kind: "progress", reached, total: request.max}));
      postMessage({kind: "done", request: "period", result});
    }
  } catch (e) {
    postMessage({kind: "error", request: request.kind, message: e.message});
  }
};
