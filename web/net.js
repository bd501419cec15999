// net.js - the WebSocket to the server: requests with a `ref` are answered
// by a Promise; pushes ({"push": ...}) go to the registered handler.  When
// the connection drops it reconnects with a growing delay and calls
// `onreconnect` so that the page can attach to its seat again (the server
// sends the whole view back).

export class Net {
  constructor() {
    this.nextRef = 1;
    this.waiting = new Map();
    this.onpush = () => {};
    this.onstate = () => {};
    this.onreconnect = () => {};
    this.delay = 250;
    this.open();
  }

  open() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    this.ws = new WebSocket(`${proto}//${location.host}/ws`);
    this.onstate('connecting');
    this.ready = new Promise((res) => { this._resolveReady = res; });
    this.ws.onopen = () => {
      const again = this.everOpen;
      this.everOpen = true;
      this.delay = 250;
      this.onstate('connected');
      this._resolveReady();
      if (again) this.onreconnect();
    };
    this.ws.onmessage = (e) => this.receive(e.data);
    this.ws.onclose = () => {
      this.onstate('offline');
      for (const [, w] of this.waiting) w.reject(new Error('connection lost'));
      this.waiting.clear();
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
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
