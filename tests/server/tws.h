/*
 * tws.h - a deliberately raw WebSocket client for the server's network
 * tests (tests/server/test_net.c): it can send what browsers never send
 * (unmasked frames, reserved bits and opcodes, half frames, invalid UTF-8),
 * read whatever comes back with a timeout, and stop reading to act as a
 * slow client.  Plain TCP or TLS (OpenSSL).
 *
 * Data layout: one tws per connection holds the socket (and SSL object
 * when TLS), and a receive buffer of bytes not yet taken as frames.
 */
#ifndef TWS_H
#define TWS_H

#include <stddef.h>

typedef struct tws {
    int fd;
    void *ssl; /* SSL * when TLS */
    unsigned char *in;
    size_t nin, capin;
    int closed;     /* the server closed the TCP connection */
    int close_code; /* code of the close frame received, 0 none */
} tws;

/* Connect to 127.0.0.1:port (TLS if tls) and send a WebSocket handshake for
 * /ws with `extra` header lines ("Origin: ...\r\n"; NULL none).  Returns
 * the HTTP status of the answer (101 on success), 0 when no answer came.
 * rcvbuf > 0 shrinks the socket's receive buffer first (slow readers). */
int tws_open(tws *w, int port, int tls, const char *extra, int rcvbuf);
/* Plain TCP connection only (for raw HTTP); 1 on success. */
int tws_connect_raw(tws *w, int port, int rcvbuf);
/* Later connections come from this loopback address ("127.0.0.2"; NULL:
 * the default, 127.0.0.1): a client at another address. */
void tws_source(const char *addr);
void tws_close(tws *w);

/* Raw bytes (no framing). */
int tws_write(tws *w, const void *p, size_t n);
/* One frame: b0 = FIN/RSV/opcode byte as sent; mask 0 sends it unmasked. */
int tws_frame(tws *w, int b0, const void *p, size_t n, int mask);
int tws_text(tws *w, const char *s);

/* Read one frame within timeout_ms: 1 with its opcode and payload (a
 * malloc'd NUL-terminated copy), 0 on timeout, -1 when the connection
 * ended.  A close frame sets w->close_code. */
int tws_read(tws *w, int timeout_ms, int *op, char **payload, size_t *n);
/* Read text frames until a reply whose "ref" is `ref` (a JSON value as
 * text, e.g. "7" or "\"p\"") arrives; NULL on timeout or close. */
char *tws_reply(tws *w, const char *ref, int timeout_ms);
/* Read until the connection ends or timeout_ms passes: 1 if it ended. */
int tws_wait_closed(tws *w, int timeout_ms);
/* GET path (TLS if tls); the response's status, its head in head. */
int tws_get(tws *w, int port, int tls, const char *path, char *head, size_t cap);
/* Read an HTTP response head (up to the blank line) into out. */
int tws_http_head(tws *w, int timeout_ms, char *out, size_t cap);

#endif
