/**
 * V8 flags of every worker. A results page allocates a few MB (React's render, the loader data's
 * encoding, the compressed body); with V8's default young generation that is a scavenge every few
 * pages and GC took 12 % of a worker's CPU. 32 MB semi-spaces: 96–98 → 109 pages/s with 2 workers at
 * 1.2 M listings, at most ~64 MB more memory per worker (docs/decisions/072, docs/BENCHMARKS.md).
 */
export const WORKER_NODE_FLAGS = ["--max-semi-space-size=32"];
