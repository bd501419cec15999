// net.js - the WebSocket to the server: requests with a `ref` are answered
// by a Promise; pushes ({"push": ...}) go to the registered handler.  When
// the connection drops it reconnects with a growing delay and calls
// `onreconnect` so that the page can attach to its seat again (the server
// sends the whole view back).
//
// Several servers (docs/server.md, "Several active servers"): a server that
// does not host a game answers "moved" with the WebSocket address of the one
// that does; moveTo() reconnects there and the page attaches again.  When
// that connection ends (the host stopped, or let the game go) the next one
// goes back to the page's own server, which takes the game over once the
// host's lease has run out.  An address that could not be reached is not
// tried again for a few seconds (recentlyFailed).

export class Net {
  constructor() {
    this.nextRef = 1;
    this.waiting = new Map();
    this.onpush = () => {};
    this.onstate = () => {};
    this.onreconnect = () => {};
    this.delay = 250;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    this.home = `${proto}//${location.host}/ws`;
    this.url = this.home;
    this.failed = new Map(); // address -> when it could not be reached
    this.open();
  }

  open() {
    const ws = new WebSocket(this.url);
    const url = this.url;
    let opened = false;
    this.ws = ws;
    this.onstate('connecting');
    this.ready = new Promise((res) => { this._resolveReady = res; });
    ws.onopen = () => {
      if (ws !== this.ws) return;
      opened = true;
      const again = this.everOpen;
      this.everOpen = true;
      this.delay = 250;
      this.onstate('connected');
      this._resolveReady();
      if (again) this.onreconnect();
    };
    ws.onmessage = (e) => { if (ws === this.ws) this.receive(e.data); };
    ws.onclose = () => {
      if (ws !== this.ws) return;
      this.onstate('offline');
      for (const [, w] of this.waiting) w.reject(new Error('connection lost'));
      this.waiting.clear();
      let delay = this.delay;
      if (this.moving) { // moveTo closed this one: go at once
        this.moving = false;
        delay = 0;
      } else if (url !== this.home) { // the host went away: back to our own server
        if (!opened) this.failed.set(url, Date.now());
        this.url = this.home;
        delay = opened ? 0 : 250;
      } else {
        this.delay = Math.min(this.delay * 2, 5000);
      }
      setTimeout(() => this.open(), delay);
    };
  }

  // The game lives on the server at `url` (a "moved" answer's "ws"):
  // reconnect there; onreconnect attaches again.  False when that address
  // failed lately or is where we are already.
  moveTo(url) {
    if (!url || url === this.url || this.recentlyFailed(url)) return false;
    this.url = url;
    this.moving = true;
    this.ws.close();
    return true;
  }

  recentlyFailed(url) {
    const at = this.failed.get(url);
    return at !== undefined && Date.now() - at < 5000;
  }

  receive(text) {
    let m;
    try { m = JSON.parse(text); } catch { return; }
    if (m.push) { this.onpush(m); return; }
    const w = m.ref !== undefined ? this.waiting.get(m.ref) : null;
    if (w) {
      this.waiting.delete(m.ref);
      w.resolve(m);
    } else if (m.ok === false) {
      this.onpush({ push: 'error', message: m.message, error: m.error });
    }
  }

  // Send a request; resolves with the reply (ok true or false).
  async request(msg) {
    await this.ready;
    const ref = this.nextRef++;
    return new Promise((resolve, reject) => {
      this.waiting.set(ref, { resolve, reject });
      this.ws.send(JSON.stringify({ ...msg, ref }));
    });
  }
}
