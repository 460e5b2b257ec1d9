// The whole worker of test/bare-worker.html: it says when its script began (ms since the epoch).
postMessage(performance.timeOrigin + performance.now());
