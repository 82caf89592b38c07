// V8 settings of the shop's process, set before anything else is loaded
// (scripts/start.ts imports this module first).
//
// Allocation-site pretenuring off. V8 watches the places in the code where
// objects are made; when nearly all of a place's objects are still alive at a
// minor collection (a scavenge), it makes that place's objects in the old
// generation from then on. Under the shop's first load it marked some 16
// places of the per-request code that way (`--trace-pretenuring`). From then
// on each request's objects were made old, and the young objects they point to
// survived every scavenge (old objects are its roots) and were promoted in
// turn: each scavenge kept 2.5–3.5 MB and took 4–8 ms, and a full collection
// ran every few seconds, which made most of the API's p99. Without
// pretenuring a scavenge keeps a few kB and takes under a millisecond
// (docs/performance.md, twenty-fourth sitting). Which way it went depended on
// the first requests (plain or compressed answers first), so it is switched
// off rather than left to chance. V8 reads the flag at each collection: set
// here, at run time, it holds for the whole process and its worker threads.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
