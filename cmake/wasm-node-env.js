// --pre-js for wasm programs run by node: give the program's getenv() the real process
// environment (Emscripten otherwise presents a fixed, fake one). CTest shards the GoogleTest
// suite through GTEST_TOTAL_SHARDS / GTEST_SHARD_INDEX, and GTEST_FILTER etc. work too.
Module['preRun'] = [].concat(Module['preRun'] || []);
Module['preRun'].push(function () {
  if (typeof process === 'object' && process.env) Object.assign(ENV, process.env);
});
