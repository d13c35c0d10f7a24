/*
 * segue-load: a WebSocket load client for Segue and for anything that streams frames over
 * WebSocket. One thread, nonblocking sockets, epoll; it speaks the client side of RFC 6455 itself,
 * so that its cost is little more than the kernel's TCP work: a couple of thousand sessions at
 * 60 fps per core. See README.md beside it.
 *
 *   cc -O2 -Wall -Wextra -o segue-load segue-load.c -lm
 *   segue-load --port 8080 --sessions 500 --duration 10 --warmup 3 --scene slides --json out.json
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* ---- Constants ------------------------------------------------------------------------------ */

enum { EXIT_RUNTIME = 1, EXIT_USAGE = 2 };

/* The viewport every session reports: a phone, as the scenes' gesture coordinates assume. */
static const float VIEWPORT_WIDTH = 390, VIEWPORT_HEIGHT = 844, VIEWPORT_RATIO = 2;

#define SUBPROTOCOL "segue.v7"
#define WS_GUID "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

/* Seconds a connection may take from connect() to a complete 101 response. */
static const double HANDSHAKE_TIMEOUT = 10;
/* Seconds after a gesture's release within which its transition must have ended. */
static const double TRANSITION_TIMEOUT = 10;
/* Seconds a held pointer waits for its interactive transition to begin. */
static const double HOLD_BEGIN_TIMEOUT = 2;
/* Latency mode: one move this often (faster than 60 Hz, as a 120 Hz touch screen sends them). */
static const double HOLD_MOVE_INTERVAL = 0.008;
/* Latency mode: how far each move goes along the held pointer's path, in CSS px. */
static const float HOLD_STEP_PX = 5;
/* Timers due this soon fire together with the one that woke the loop: one wakeup instead of one
 * per session (a wakeup costs more than the send). Events go out at most this much early. */
static const double TIMER_SLACK = 0.001;
/* Scene and stream modes read their sockets this often rather than on each arrival, so arrival
 * times are up to this late: nothing next to the 2/fps late-frame threshold. */
static const double READ_PERIOD = 0.001;
/* Seconds after the measured window before the client gives up on everything and reports. */
static const double SHUTDOWN_GRACE = 1;

/* Protocol (docs/protocol.md, version 7). */
enum { WIRE_VERSION = 7 };
enum { MSG_HELLO = 1, MSG_FRAME = 2, MSG_PONG = 3, MSG_ERROR = 4, MSG_RELEASE = 7,
       MSG_POINTER = 16, MSG_VIEWPORT = 17, MSG_SCENE = 18 };
enum { POINTER_DOWN = 1, POINTER_MOVE = 2, POINTER_UP = 3, POINTER_TOUCH = 2 };
/* A v4 frame: version, type, flags, u16 build time, then the parts its flags name. */
enum { FRAME_FIXED_BYTES = 5, FLAG_KEYFRAME = 1 << 0, FLAG_STATE = 1 << 1, FLAG_PROGRESS = 1 << 2,
       FLAG_INPUT = 1 << 3, FLAG_SEQUENCE = 1 << 6, STATE_OPERATION = 0x07, PHASE_CANCELLING = 4 };
/* Bytes kept from the start of each message: a frame header, or a hello with its scene name. */
enum { HEAD_BYTES = 80 };
/* Largest server message accepted; far above any display list, small enough to catch garbage. */
static const uint64_t MAX_MESSAGE_BYTES = 16u << 20;

/* RFC 6455 opcodes. */
enum { OP_CONT = 0, OP_TEXT = 1, OP_BINARY = 2, OP_CLOSE = 8, OP_PING = 9, OP_PONG = 10 };

/* Pointer messages in flight whose send times are remembered, per session (a power of two). */
enum { SEND_RING = 64 };

/* ---- Options -------------------------------------------------------------------------------- */

enum mode { MODE_SCENE, MODE_STREAM, MODE_LATENCY };

static struct {
    const char *host;
    int port;
    int sessions;
    double duration, warmup, connect_rate, fps;
    enum mode mode;
    const char *scene;
    const char *json_path;
    bool subprotocol;
} opt = { "127.0.0.1", 0, -1, 10, 2, 500, 60, MODE_SCENE, NULL, NULL, true };

/* ---- Scenes: what to do to keep each one animating ----------------------------------------- */

/* A gesture, in the viewport's CSS px: a drag of `steps` moves from (x0, y0) to (x1, y1) then
 * up; a tap (down, up one frame later); or a hold (down at (x0, y0), then moves to (x1, y1) and
 * back and forth between it and (x2, y2), never released). */
enum gesture_kind { DRAG, TAP, HOLD };
struct gesture {
    enum gesture_kind kind;
    float x0, y0, x1, y1, x2, y2;
    int steps;
};

/* Per scene (docs/scenes.md, Tests/ScenesTests): `cycle` alternates forever in scene mode (the
 * first presents, the second returns to the start); latency mode runs `setup` if the scene has
 * one, then `hold` keeps an interactive transition in progress. */
struct scene_plan {
    const char *name;
    struct gesture cycle[2];
    bool has_setup;
    struct gesture setup;
    struct gesture hold;
};

static const struct scene_plan PLANS[] = {
    /* Right-edge swipe presents (abs(tx)/400 = 0.46 > 0.35); left-edge swipe dismisses
     * (tx/1000 = 0.37 > 0.35 after the 15 pt hysteresis). */
    { "slides",
      { { DRAG, 389, 420, 189, 420, 0, 0, 25 }, { DRAG, 1, 400, 389, 400, 0, 0, 40 } },
      false, { 0 }, { HOLD, 389, 420, 189, 420, 289, 420, 0 } },
    /* Left-edge pan opens the menu, right-edge pan closes it; both release moving their way. */
    { "menu",
      { { DRAG, 2, 400, 300, 400, 0, 0, 30 }, { DRAG, 388, 400, 100, 400, 0, 0, 30 } },
      false, { 0 }, { HOLD, 2, 400, 300, 400, 100, 400, 0 } },
    /* "Present" (centre of stackfirst-present), then drag the modal down by 400 pt (0.47 > 0.35). */
    { "stack",
      { { TAP, 195, 771, 0, 0, 0, 0, 0 }, { DRAG, 200, 300, 200, 700, 0, 0, 25 } },
      true, { TAP, 195, 771, 0, 0, 0, 0, 0 }, { HOLD, 200, 300, 200, 700, 200, 400, 0 } },
    /* "Open detail" pushes; a pan on the detail to x = 280 pops (280/300 > 0.5). */
    { "fade",
      { { TAP, 195, 722, 0, 0, 0, 0, 0 }, { DRAG, 40, 400, 280, 400, 0, 0, 24 } },
      true, { TAP, 195, 722, 0, 0, 0, 0, 0 }, { HOLD, 40, 400, 280, 400, 100, 400, 0 } },
};
enum { PLAN_COUNT = sizeof PLANS / sizeof PLANS[0] };

static const struct scene_plan *plan_named(const char *name, size_t length) {
    for (int i = 0; i < PLAN_COUNT; i++)
        if (strlen(PLANS[i].name) == length && memcmp(PLANS[i].name, name, length) == 0)
            return &PLANS[i];
    return NULL;
}

/* ---- Sessions ------------------------------------------------------------------------------- */

enum conn_state { CONN_NEW, CONN_CONNECTING, CONN_HANDSHAKE, CONN_OPEN, CONN_DONE };

/* Where a session is in driving its scene. */
enum drive_state {
    DRIVE_WAIT_HELLO,  /* open; waiting for the hello naming the scene to drive */
    DRIVE_WAIT_FRAME,  /* hello seen; the scene starts on its next frame */
    DRIVE_PLAYING,     /* sending a gesture's events on a timer */
    DRIVE_WAIT_END,    /* released; waiting for the transition to end */
    DRIVE_HOLDING,     /* latency mode: pointer down, moving, never released */
};

enum rx_state { RX_HEADER, RX_PAYLOAD };

struct session {
    int fd;
    enum conn_state conn;
    uint32_t timer_generation;  /* bumping it cancels the pending timer */

    /* Handshake: the request's key's expected answer, and the response read so far. */
    char expected_accept[29];
    char *response;
    int response_length;

    /* Bytes the socket would not take yet. */
    uint8_t *pending;
    uint32_t pending_length, pending_capacity;

    /* RFC 6455 reader: the current frame's header, then its payload streamed through. */
    enum rx_state rx;
    uint8_t frame_header[14];
    uint8_t frame_header_length;
    uint8_t opcode;
    bool fin;
    uint64_t payload_left;
    uint8_t control[125];
    uint8_t control_length;
    bool in_message;
    uint8_t message_opcode;
    uint64_t message_length;
    uint8_t head[HEAD_BYTES];

    int hellos;

    /* The frames seen: order, timing, and whether a transition was running. */
    bool have_frame;
    uint32_t last_frame_sequence;
    uint8_t frame_state;          /* the v4 state byte as last sent: operation, phase, flags */
    uint32_t frame_input;         /* the input sequence the frames reflect, as last sent */
    double last_frame_at;
    bool last_in_transition;

    /* Input and its latency: pointer message n went out at sent_at[n % SEND_RING]. */
    uint32_t input_sequence;      /* last pointer sequence number sent */
    uint32_t acknowledged;        /* highest input sequence a frame has reflected */
    double sent_at[SEND_RING];

    /* Driving the scene. */
    const struct scene_plan *plan;
    enum drive_state drive;
    int step;                     /* index into the plan's cycle (or 0 = setup, 1 = hold) */
    const struct gesture *gesture;
    int event_index;
    double gesture_started;
    uint32_t release_sequence;    /* the up's input sequence number */
    bool saw_transition, saw_cancel;
    float hold_distance;
};

/* ---- Statistics ----------------------------------------------------------------------------- */

/* Log-linear histogram of microseconds: exact below 64, then 32 buckets per power of two
 * (under 1.6% error), which keeps percentiles of millions of samples in a few KB. */
enum { HIST_LINEAR = 64, HIST_SUB = 32, HIST_BUCKETS = HIST_LINEAR + 58 * HIST_SUB };

static int hist_bucket(uint64_t us) {
    if (us < HIST_LINEAR) return (int)us;
    int exponent = 63 - __builtin_clzll(us);              /* 6 or more */
    int shift = exponent - 5;                             /* keep 6 significant bits */
    int index = HIST_LINEAR + (exponent - 6) * HIST_SUB + (int)((us >> shift) - HIST_SUB);
    return index < HIST_BUCKETS ? index : HIST_BUCKETS - 1;
}

/* The middle of a bucket: the value reported for samples in it. */
static double hist_value(int index) {
    if (index < HIST_LINEAR) return index;
    int exponent = (index - HIST_LINEAR) / HIST_SUB + 6;
    int sub = (index - HIST_LINEAR) % HIST_SUB + HIST_SUB;
    double width = ldexp(1, exponent - 5);
    return sub * width + width / 2;
}

static struct {
    int connected, dropped;
    int handshake_failures;     /* refused, timed out, a wrong 101, or unfinished at the end */
    int protocol_errors;        /* anything the server sent that breaks RFC 6455 or the protocol */
    int server_errors;          /* error messages from the server: it rejected our input */
    /* Counted inside the measured window only. */
    uint64_t frames, frame_bytes, other_messages;
    uint64_t frame_bytes_min, frame_bytes_max;
    uint64_t frames_in_transition, late_frames, missing_frames;
    /* Seconds from each frame in transition to the next frame: frames_in_transition intervals'
     * worth when every frame comes on time, more when the server falls behind. */
    double transition_seconds;
    uint64_t transitions_started, transitions_completed, transitions_cancelled;
    uint64_t gestures_without_transition, stalled_transitions, holds_lost;
    uint64_t latency_histogram[HIST_BUCKETS];
    uint64_t latency_samples, latency_unmatched;
    uint64_t latency_max_us;
} stats = { .frame_bytes_min = UINT64_MAX };

static void record_latency(double seconds) {
    uint64_t us = seconds <= 0 ? 0 : (uint64_t)llround(seconds * 1e6);
    stats.latency_histogram[hist_bucket(us)]++;
    stats.latency_samples++;
    if (us > stats.latency_max_us) stats.latency_max_us = us;
}

static double latency_percentile(double p) {
    if (stats.latency_samples == 0) return NAN;
    uint64_t rank = (uint64_t)ceil(p * (double)stats.latency_samples);
    if (rank == 0) rank = 1;
    uint64_t seen = 0;
    for (int i = 0; i < HIST_BUCKETS; i++) {
        seen += stats.latency_histogram[i];
        if (seen >= rank) return fmin(hist_value(i), (double)stats.latency_max_us);
    }
    return (double)stats.latency_max_us;
}

/* ---- Globals -------------------------------------------------------------------------------- */

static struct session *sessions;
static int epoll_fd;
static double started_at, window_start, window_end;
static bool measuring;
static double frame_interval;
static struct sockaddr_storage server_address;
static socklen_t server_address_length;
static char host_header[80];
static volatile sig_atomic_t interrupted;
static uint64_t mask_state;
static int reported_failures;

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static bool in_window(double t) { return measuring && t <= window_end; }

/* Prints the first few failures of each run, so a broken server is diagnosable without a flood. */
static void report_failure(int index, const char *what) {
    if (reported_failures++ < 5) fprintf(stderr, "segue-load: session %d: %s\n", index, what);
}

/* ---- Timers: a binary heap of (time, session), one live entry per session ------------------- */

struct timer { double at; uint32_t session, generation; };
static struct timer *heap;
static size_t heap_length, heap_capacity;

static void heap_push(struct timer t) {
    if (heap_length == heap_capacity) {
        heap_capacity = heap_capacity ? heap_capacity * 2 : 1024;
        heap = realloc(heap, heap_capacity * sizeof *heap);
        if (!heap) { perror("segue-load: realloc"); exit(EXIT_RUNTIME); }
    }
    size_t i = heap_length++;
    while (i > 0 && heap[(i - 1) / 2].at > t.at) {
        heap[i] = heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    heap[i] = t;
}

static struct timer heap_pop(void) {
    struct timer top = heap[0], last = heap[--heap_length];
    size_t i = 0;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= heap_length) break;
        if (child + 1 < heap_length && heap[child + 1].at < heap[child].at) child++;
        if (heap[child].at >= last.at) break;
        heap[i] = heap[child];
        i = child;
    }
    if (heap_length > 0) heap[i] = last;
    return top;
}

static void schedule(struct session *s, double at) {
    heap_push((struct timer){ at, (uint32_t)(s - sessions), ++s->timer_generation });
}

static void cancel_timer(struct session *s) { s->timer_generation++; }

/* ---- SHA-1 and base64, for Sec-WebSocket-Accept --------------------------------------------- */

static uint32_t rotl(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

static void sha1(const uint8_t *data, size_t length, uint8_t out[20]) {
    uint32_t h[5] = { 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0 };
    size_t padded = ((length + 8) / 64 + 1) * 64;
    uint8_t block[64];
    for (size_t offset = 0; offset < padded; offset += 64) {
        for (size_t i = 0; i < 64; i++) {
            size_t at = offset + i;
            if (at < length) block[i] = data[at];
            else if (at == length) block[i] = 0x80;
            else if (at >= padded - 8) block[i] = (uint8_t)((uint64_t)length * 8 >> (8 * (padded - 1 - at)));
            else block[i] = 0;
        }
        uint32_t w[80];
        for (int i = 0; i < 16; i++)
            w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 |
                   (uint32_t)block[4 * i + 2] << 8 | block[4 * i + 3];
        for (int i = 16; i < 80; i++) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
        uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
        for (int i = 0; i < 80; i++) {
            uint32_t f, k;
            if (i < 20) { f = (b & c) | (~b & d); k = 0x5A827999; }
            else if (i < 40) { f = b ^ c ^ d; k = 0x6ED9EBA1; }
            else if (i < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDC; }
            else { f = b ^ c ^ d; k = 0xCA62C1D6; }
            uint32_t t = rotl(a, 5) + f + e + k + w[i];
            e = d; d = c; c = rotl(b, 30); b = a; a = t;
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e;
    }
    for (int i = 0; i < 20; i++) out[i] = (uint8_t)(h[i / 4] >> (24 - 8 * (i % 4)));
}

static void base64(const uint8_t *data, size_t length, char *out) {
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < length; i += 3) {
        uint32_t v = (uint32_t)data[i] << 16;
        if (i + 1 < length) v |= (uint32_t)data[i + 1] << 8;
        if (i + 2 < length) v |= data[i + 2];
        out[o++] = alphabet[v >> 18 & 63];
        out[o++] = alphabet[v >> 12 & 63];
        out[o++] = i + 1 < length ? alphabet[v >> 6 & 63] : '=';
        out[o++] = i + 2 < length ? alphabet[v & 63] : '=';
    }
    out[o] = 0;
}

/* ---- Sending -------------------------------------------------------------------------------- */

static void close_session(struct session *s, bool dropped);

static void set_events(struct session *s, uint32_t events) {
    struct epoll_event ev = { .events = events, .data.u32 = (uint32_t)(s - sessions) };
    epoll_ctl(epoll_fd, EPOLL_CTL_MOD, s->fd, &ev);
}

/* Writes now, or keeps what the socket would not take and waits for EPOLLOUT. */
static void send_bytes(struct session *s, const uint8_t *data, size_t length) {
    size_t sent = 0;
    if (s->pending_length == 0) {
        ssize_t n = send(s->fd, data, length, MSG_NOSIGNAL);
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            report_failure((int)(s - sessions), strerror(errno));
            close_session(s, true);
            return;
        }
        sent = n > 0 ? (size_t)n : 0;
        if (sent == length) return;
        set_events(s, EPOLLIN | EPOLLOUT | EPOLLET);
    }
    size_t rest = length - sent;
    if (s->pending_length + rest > s->pending_capacity) {
        s->pending_capacity = (uint32_t)(s->pending_length + rest) * 2;
        s->pending = realloc(s->pending, s->pending_capacity);
        if (!s->pending) { perror("segue-load: realloc"); exit(EXIT_RUNTIME); }
    }
    memcpy(s->pending + s->pending_length, data + sent, rest);
    s->pending_length += (uint32_t)rest;
}

static void flush_pending(struct session *s) {
    ssize_t n = send(s->fd, s->pending, s->pending_length, MSG_NOSIGNAL);
    if (n < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK) return;
        report_failure((int)(s - sessions), strerror(errno));
        close_session(s, true);
        return;
    }
    memmove(s->pending, s->pending + n, s->pending_length - (size_t)n);
    s->pending_length -= (uint32_t)n;
    if (s->pending_length == 0) set_events(s, EPOLLIN | EPOLLET);
}

/* A masked client frame (RFC 6455 §5.3) of at most 125 bytes: every client message of the
 * protocol fits, and so does every control frame. The mask only has to stop proxies from mistaking
 * the payload for HTTP; xorshift is plenty for a load client talking to its own server. */
static void send_ws(struct session *s, int opcode, const uint8_t *payload, size_t length) {
    uint8_t frame[6 + 125];
    size_t at = 0;
    frame[at++] = (uint8_t)(0x80 | opcode);
    frame[at++] = (uint8_t)(0x80 | length);
    mask_state ^= mask_state << 13; mask_state ^= mask_state >> 7; mask_state ^= mask_state << 17;
    uint8_t mask[4];
    memcpy(mask, &mask_state, 4);
    memcpy(frame + at, mask, 4);
    at += 4;
    for (size_t i = 0; i < length; i++) frame[at + i] = payload[i] ^ mask[i & 3];
    send_bytes(s, frame, at + length);
}

static void put_u32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }  /* x86-64 and arm64: little-endian */
static void put_f32(uint8_t *p, float v) { memcpy(p, &v, 4); }
static void put_f64(uint8_t *p, double v) { memcpy(p, &v, 8); }

static void send_viewport(struct session *s) {
    uint8_t m[14] = { WIRE_VERSION, MSG_VIEWPORT };
    put_f32(m + 2, VIEWPORT_WIDTH);
    put_f32(m + 6, VIEWPORT_HEIGHT);
    put_f32(m + 10, VIEWPORT_RATIO);
    send_ws(s, OP_BINARY, m, sizeof m);
}

static void send_scene(struct session *s, const char *name) {
    uint8_t m[3 + 64] = { WIRE_VERSION, MSG_SCENE, (uint8_t)strlen(name) };
    memcpy(m + 3, name, strlen(name));
    send_ws(s, OP_BINARY, m, 3 + strlen(name));
}

/* Sends one pointer event with the next input sequence number and remembers when it left. */
static void send_pointer(struct session *s, int phase, float x, float y, double now) {
    uint32_t sequence = ++s->input_sequence;
    if (sequence - s->acknowledged > SEND_RING && in_window(now)) stats.latency_unmatched++;
    s->sent_at[sequence % SEND_RING] = now;
    uint8_t m[28] = { WIRE_VERSION, MSG_POINTER, (uint8_t)phase, POINTER_TOUCH };
    put_u32(m + 4, sequence);
    put_u32(m + 8, 1);
    put_f32(m + 12, x);
    put_f32(m + 16, y);
    put_f64(m + 20, 1000 + (now - started_at) * 1000);  /* the page's performance.now(), ms */
    send_ws(s, OP_BINARY, m, sizeof m);
}

/* ---- Driving scenes ------------------------------------------------------------------------- */

static void start_gesture(struct session *s, const struct gesture *g, double now) {
    s->gesture = g;
    s->event_index = 0;
    s->gesture_started = now;
    s->saw_transition = s->saw_cancel = false;
    s->hold_distance = 0;
    s->drive = g->kind == HOLD ? DRIVE_HOLDING : DRIVE_PLAYING;
    schedule(s, now);
}

/* The gesture for the session's current step. */
static const struct gesture *current_gesture(const struct session *s) {
    if (opt.mode == MODE_LATENCY)
        return s->step == 0 && s->plan->has_setup ? &s->plan->setup : &s->plan->hold;
    return &s->plan->cycle[s->step];
}

static void advance_step(struct session *s) {
    if (opt.mode == MODE_LATENCY) s->step = s->step == 0 && s->plan->has_setup ? 1 : 0;
    else s->step = (s->step + 1) % 2;
}

/* Where a held pointer is after moving `distance` px: out to (x1, y1), then back and forth. */
static void hold_position(const struct gesture *g, float distance, float *x, float *y) {
    float out = hypotf(g->x1 - g->x0, g->y1 - g->y0);
    if (distance <= out) {
        *x = g->x0 + (g->x1 - g->x0) * distance / out;
        *y = g->y0 + (g->y1 - g->y0) * distance / out;
        return;
    }
    float span = hypotf(g->x2 - g->x1, g->y2 - g->y1);
    float along = fmodf(distance - out, 2 * span);
    float f = along <= span ? along / span : 2 - along / span;
    *x = g->x1 + (g->x2 - g->x1) * f;
    *y = g->y1 + (g->y2 - g->y1) * f;
}

/* A session's timer fired: the next event of its gesture, or a timeout. */
static void on_timer(struct session *s, double now) {
    if (s->conn != CONN_OPEN) {
        report_failure((int)(s - sessions), "handshake timed out");
        close_session(s, false);
        return;
    }
    const struct gesture *g = s->gesture;
    switch (s->drive) {
    case DRIVE_PLAYING:
        if (s->event_index == 0) {
            send_pointer(s, POINTER_DOWN, g->x0, g->y0, now);
        } else if (g->kind == TAP || s->event_index > g->steps) {
            send_pointer(s, POINTER_UP, g->kind == TAP ? g->x0 : g->x1, g->kind == TAP ? g->y0 : g->y1, now);
            s->release_sequence = s->input_sequence;
            s->drive = DRIVE_WAIT_END;
            schedule(s, now + TRANSITION_TIMEOUT);
            return;
        } else {
            float f = (float)s->event_index / (float)g->steps;
            send_pointer(s, POINTER_MOVE, g->x0 + (g->x1 - g->x0) * f, g->y0 + (g->y1 - g->y0) * f, now);
        }
        s->event_index++;
        schedule(s, s->gesture_started + s->event_index * frame_interval);
        return;
    case DRIVE_WAIT_END:
        /* The transition never ended (or never showed): move on rather than stall. */
        if (in_window(now)) stats.stalled_transitions++;
        advance_step(s);
        start_gesture(s, current_gesture(s), now);
        return;
    case DRIVE_HOLDING:
        if (s->event_index == 0) {
            send_pointer(s, POINTER_DOWN, g->x0, g->y0, now);
        } else if (!s->saw_transition && now - s->gesture_started > HOLD_BEGIN_TIMEOUT) {
            /* The hold did not start a transition (the scene is not where the plan thinks):
             * let go and run the plan from its start. */
            send_pointer(s, POINTER_UP, g->x0, g->y0, now);
            if (in_window(now)) stats.gestures_without_transition++;
            s->step = 0;
            s->drive = DRIVE_WAIT_FRAME;
            return;
        } else {
            float x, y;
            s->hold_distance += HOLD_STEP_PX;
            hold_position(g, s->hold_distance, &x, &y);
            send_pointer(s, POINTER_MOVE, x, y, now);
        }
        s->event_index++;
        schedule(s, s->gesture_started + s->event_index * HOLD_MOVE_INTERVAL);
        return;
    default:
        return;
    }
}

/* Frame bookkeeping shared by every mode: count, size, lateness against the frame schedule. */
static void count_frame(struct session *s, uint64_t length, bool in_transition, double now) {
    if (in_window(now)) {
        stats.frames++;
        stats.frame_bytes += length;
        if (length < stats.frame_bytes_min) stats.frame_bytes_min = length;
        if (length > stats.frame_bytes_max) stats.frame_bytes_max = length;
        /* A frame is due one interval after the previous one while something moves; more than
         * one interval behind that is late, and each whole interval in the gap a missing frame.
         * A server that falls behind evenly (every frame a little late) shows in the rate instead:
         * frames in transition against the time they span (`delivered_percent`). */
        if (s->have_frame && s->last_in_transition) {
            stats.frames_in_transition++;
            double gap = now - s->last_frame_at;
            stats.transition_seconds += gap;
            if (gap > 2 * frame_interval) {
                stats.late_frames++;
                stats.missing_frames += (uint64_t)llround(gap / frame_interval) - 1;
            }
        }
        if (opt.mode != MODE_STREAM && in_transition && !(s->have_frame && s->last_in_transition))
            stats.transitions_started++;
    }
    s->have_frame = true;
    s->last_frame_at = now;
    s->last_in_transition = in_transition;
}

static void protocol_error(struct session *s, const char *what) {
    stats.protocol_errors++;
    report_failure((int)(s - sessions), what);
}

/* A hello names the scene now running: (re)start driving it from the plan's first step. */
static void on_hello(struct session *s, const uint8_t *m, size_t kept) {
    /* The server greets every connection before it reads anything; with --scene, the hello that
     * answers the choice is the second, and the scene is recreated then. */
    if (++s->hellos == 1 && opt.scene) return;
    /* u16 fps, then the current scene as varint length + UTF-8 (names are short: one byte). */
    if (kept < 5 || m[4] >= 0x80 || kept < 5u + m[4]) return protocol_error(s, "malformed hello");
    const struct scene_plan *plan = plan_named((const char *)m + 5, m[4]);
    if (!plan) return protocol_error(s, "hello names a scene this client cannot drive");
    if (opt.scene && strcmp(plan->name, opt.scene) != 0) return protocol_error(s, "hello names another scene than chosen");
    s->plan = plan;
    s->step = 0;
    cancel_timer(s);
    s->drive = DRIVE_WAIT_FRAME;
}

/* Unsigned LEB128 of at most 32 bits at *p, before end; false when it runs past. */
static bool get_varint(const uint8_t **p, const uint8_t *end, uint32_t *out) {
    uint32_t value = 0;
    for (int shift = 0; shift < 35 && *p < end; shift += 7) {
        uint8_t byte = *(*p)++;
        value |= (uint32_t)(byte & 0x7F) << shift;
        if (!(byte & 0x80)) { *out = value; return true; }
    }
    return false;
}

/* The header fields this client needs, from a v7 frame's first bytes (all within HEAD_BYTES):
 * false when they run past what was kept. */
static bool read_frame_header(struct session *s, const uint8_t *m, size_t kept, uint32_t *sequence) {
    const uint8_t *p = m + FRAME_FIXED_BYTES, *end = m + kept;
    uint8_t flags = m[2];
    uint32_t value;
    if (flags & FLAG_KEYFRAME) {
        if (!get_varint(&p, end, sequence) || end - p < 8) return false;
        p += 8;  /* server time, f64 */
        if (!get_varint(&p, end, &value) || !get_varint(&p, end, &value)) return false;  /* viewport */
        s->frame_state = 0;
        s->frame_input = 0;
    } else {
        if (!get_varint(&p, end, &value)) return false;  /* server-time step */
        if (flags & FLAG_SEQUENCE) {
            if (!get_varint(&p, end, sequence)) return false;
        } else {
            *sequence = s->last_frame_sequence + 1;
        }
    }
    if (flags & FLAG_STATE) {
        if (p >= end) return false;
        s->frame_state = *p++;
    }
    if (flags & FLAG_PROGRESS) {
        if (end - p < 2) return false;
        p += 2;
    }
    if (flags & FLAG_INPUT) {
        if (!get_varint(&p, end, &value)) return false;
        s->frame_input += (uint32_t)((value >> 1) ^ (0u - (value & 1)));  /* zigzag step */
    }
    return true;
}

static void on_frame(struct session *s, const uint8_t *m, uint64_t length, double now) {
    size_t kept = length < HEAD_BYTES ? (size_t)length : HEAD_BYTES;
    uint32_t sequence = 0;
    if (length < FRAME_FIXED_BYTES || !read_frame_header(s, m, kept, &sequence))
        return protocol_error(s, "frame shorter than its header");
    uint8_t phase = (s->frame_state >> 3) & 0x07;
    uint32_t input = s->frame_input;
    bool transition = s->frame_state & STATE_OPERATION;
    if (s->have_frame && sequence != s->last_frame_sequence + 1) protocol_error(s, "frame sequence skipped");
    if (input > s->input_sequence) {
        protocol_error(s, "frame reflects input never sent");
        input = s->input_sequence;
    }
    s->last_frame_sequence = sequence;
    count_frame(s, length, transition, now);

    /* Latency: every pointer message this frame reflects for the first time. */
    for (uint32_t n = s->acknowledged + 1; input > s->acknowledged && n <= input; n++) {
        double sent = s->sent_at[n % SEND_RING];
        if (s->input_sequence - n < SEND_RING && sent >= window_start && in_window(now))
            record_latency(now - sent);
    }
    if (input > s->acknowledged) s->acknowledged = input;

    switch (s->drive) {
    case DRIVE_WAIT_FRAME:
        if (!transition) start_gesture(s, current_gesture(s), now);
        return;
    case DRIVE_PLAYING:
    case DRIVE_WAIT_END:
    case DRIVE_HOLDING:
        if (transition) {
            s->saw_transition = true;
            if (phase == PHASE_CANCELLING) s->saw_cancel = true;
            return;
        }
        if (s->drive == DRIVE_HOLDING) {
            if (!s->saw_transition) return;
            /* A held interactive transition ended by itself: start over. */
            if (in_window(now)) stats.holds_lost++;
            send_pointer(s, POINTER_UP, s->gesture->x0, s->gesture->y0, now);
            s->step = 0;
            cancel_timer(s);
            s->drive = DRIVE_WAIT_FRAME;
            return;
        }
        if (s->drive != DRIVE_WAIT_END || input < s->release_sequence) return;
        /* The release is applied and nothing runs: the gesture's transition is over. */
        if (in_window(now)) {
            if (!s->saw_transition) stats.gestures_without_transition++;
            else if (s->saw_cancel) stats.transitions_cancelled++;
            else stats.transitions_completed++;
        }
        /* A cancelled transition left the scene where it was: do the same gesture again. */
        if (!(s->saw_transition && s->saw_cancel)) advance_step(s);
        cancel_timer(s);
        start_gesture(s, current_gesture(s), now);
        return;
    default:
        return;
    }
}

/* A complete server message; s->head holds its first HEAD_BYTES bytes. */
static void on_message(struct session *s, double now) {
    uint64_t length = s->message_length;
    size_t kept = length < HEAD_BYTES ? (size_t)length : HEAD_BYTES;
    if (opt.mode == MODE_STREAM) {
        count_frame(s, length, true, now);
        return;
    }
    const uint8_t *m = s->head;
    if (s->message_opcode != OP_BINARY) return protocol_error(s, "text message");
    if (length < 2 || m[0] != WIRE_VERSION) return protocol_error(s, "not a version 7 message");
    switch (m[1]) {
    case MSG_FRAME:
        on_frame(s, m, length, now);
        return;
    case MSG_HELLO:
        on_hello(s, m, kept);
        break;
    case MSG_ERROR:
        stats.server_errors++;
        if (kept > 5) {
            char text[HEAD_BYTES];
            size_t n = kept - 5 < (size_t)m[4] ? kept - 5 : m[4];
            memcpy(text, m + 5, n);
            text[n] = 0;
            report_failure((int)(s - sessions), text);
        }
        break;
    case MSG_PONG:
    case MSG_RELEASE: /* a swipe's release reading, for the page's telemetry */
        break;
    default:
        return protocol_error(s, "unknown message type");
    }
    if (in_window(now)) stats.other_messages++;
}

/* ---- Receiving: RFC 6455 server frames, streamed ------------------------------------------- */

static void on_control(struct session *s) {
    switch (s->opcode) {
    case OP_PING:
        send_ws(s, OP_PONG, s->control, s->control_length);
        return;
    case OP_CLOSE:
        /* Echo the status code, as RFC 6455 §5.5.1 asks, then go. */
        send_ws(s, OP_CLOSE, s->control, s->control_length >= 2 ? 2 : 0);
        report_failure((int)(s - sessions), "server closed the WebSocket");
        close_session(s, true);
        return;
    default:  /* an unsolicited pong */
        return;
    }
}

/* Parses a frame header once complete; false on a protocol violation. */
static bool parse_frame_header(struct session *s) {
    const uint8_t *h = s->frame_header;
    if (h[0] & 0x70) { protocol_error(s, "reserved bits set (no extension was negotiated)"); return false; }
    if (h[1] & 0x80) { protocol_error(s, "masked server frame"); return false; }
    s->fin = h[0] & 0x80;
    s->opcode = h[0] & 0x0F;
    uint64_t length = h[1] & 0x7F;
    if (length == 126) length = (uint64_t)h[2] << 8 | h[3];
    else if (length == 127) {
        length = 0;
        for (int i = 2; i < 10; i++) length = length << 8 | h[i];
    }
    s->payload_left = length;
    if (s->opcode >= 8) {
        if (!s->fin || length > 125 || (s->opcode != OP_CLOSE && s->opcode != OP_PING && s->opcode != OP_PONG)) {
            protocol_error(s, "bad control frame");
            return false;
        }
        s->control_length = 0;
        return true;
    }
    if (s->opcode == OP_CONT) {
        if (!s->in_message) { protocol_error(s, "continuation without a message"); return false; }
    } else if (s->opcode == OP_TEXT || s->opcode == OP_BINARY) {
        if (s->in_message) { protocol_error(s, "new message inside a fragmented one"); return false; }
        s->in_message = true;
        s->message_opcode = s->opcode;
        s->message_length = 0;
    } else {
        protocol_error(s, "unknown opcode");
        return false;
    }
    if (s->message_length + length > MAX_MESSAGE_BYTES) { protocol_error(s, "message too large"); return false; }
    return true;
}

static void end_of_frame(struct session *s, double now) {
    if (s->opcode >= 8) return on_control(s);
    if (s->fin) {
        s->in_message = false;
        on_message(s, now);
    }
}

/* Consumes received bytes; payloads are streamed, keeping only each message's head. */
static void feed(struct session *s, const uint8_t *p, size_t n, double now) {
    while (n > 0 && s->conn == CONN_OPEN) {
        if (s->rx == RX_HEADER) {
            s->frame_header[s->frame_header_length++] = *p++;
            n--;
            size_t need = 2;
            if (s->frame_header_length >= 2) {
                uint8_t l = s->frame_header[1] & 0x7F;
                need = l == 126 ? 4 : l == 127 ? 10 : 2;
            }
            if (s->frame_header_length < need) continue;
            s->frame_header_length = 0;
            if (!parse_frame_header(s)) { close_session(s, true); return; }
            if (s->payload_left == 0) end_of_frame(s, now);
            else s->rx = RX_PAYLOAD;
            continue;
        }
        size_t take = n < s->payload_left ? n : (size_t)s->payload_left;
        if (s->opcode >= 8) {
            memcpy(s->control + s->control_length, p, take);
            s->control_length += (uint8_t)take;
        } else {
            if (s->message_length < HEAD_BYTES) {
                size_t room = HEAD_BYTES - (size_t)s->message_length;
                memcpy(s->head + s->message_length, p, take < room ? take : room);
            }
            s->message_length += take;
        }
        p += take;
        n -= take;
        s->payload_left -= take;
        if (s->payload_left == 0) {
            s->rx = RX_HEADER;
            end_of_frame(s, now);
        }
    }
}

/* ---- Connecting and the handshake ---------------------------------------------------------- */

static void handshake_failed(struct session *s, const char *why) {
    report_failure((int)(s - sessions), why);
    close_session(s, false);
}

static void start_connect(struct session *s, double now) {
    s->fd = socket(server_address.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (s->fd < 0) {
        s->conn = CONN_DONE;
        stats.handshake_failures++;
        report_failure((int)(s - sessions), strerror(errno));
        return;
    }
    int one = 1;
    /* Pointer messages are tiny and latency-critical: never let Nagle hold one back. */
    setsockopt(s->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    s->conn = CONN_CONNECTING;
    struct epoll_event ev = { .events = EPOLLOUT | EPOLLET, .data.u32 = (uint32_t)(s - sessions) };
    epoll_ctl(epoll_fd, EPOLL_CTL_ADD, s->fd, &ev);
    schedule(s, now + HANDSHAKE_TIMEOUT);
    if (connect(s->fd, (struct sockaddr *)&server_address, server_address_length) < 0 && errno != EINPROGRESS)
        handshake_failed(s, strerror(errno));
}

static void send_upgrade(struct session *s) {
    uint8_t key_bytes[16];
    char key[25], request[512], accept_input[64];
    uint8_t digest[20];
    for (int i = 0; i < 16; i += 8) {
        mask_state ^= mask_state << 13; mask_state ^= mask_state >> 7; mask_state ^= mask_state << 17;
        memcpy(key_bytes + i, &mask_state, 8);
    }
    base64(key_bytes, 16, key);
    int n = snprintf(accept_input, sizeof accept_input, "%s" WS_GUID, key);
    sha1((const uint8_t *)accept_input, (size_t)n, digest);
    base64(digest, 20, s->expected_accept);
    n = snprintf(request, sizeof request,
                 "GET / HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\nOrigin: http://%s\r\n%s\r\n",
                 host_header, key, host_header,
                 opt.subprotocol ? "Sec-WebSocket-Protocol: " SUBPROTOCOL "\r\n" : "");
    s->conn = CONN_HANDSHAKE;
    s->response = malloc(1024);
    if (!s->response) { perror("segue-load: malloc"); exit(EXIT_RUNTIME); }
    s->response_length = 0;
    set_events(s, EPOLLIN | EPOLLET);
    send_bytes(s, (const uint8_t *)request, (size_t)n);
}

/* The value of header `name` in a response head whose every line ends in CRLF, or NULL. */
static const char *header_value(const char *head, const char *name, size_t *length) {
    size_t name_length = strlen(name);
    for (const char *line = strstr(head, "\r\n"); line && line[2]; line = strstr(line + 2, "\r\n")) {
        const char *start = line + 2;
        if (strncasecmp(start, name, name_length) != 0 || start[name_length] != ':') continue;
        const char *value = start + name_length + 1;
        while (*value == ' ' || *value == '\t') value++;
        const char *end = strstr(value, "\r\n");
        while (end > value && (end[-1] == ' ' || end[-1] == '\t')) end--;
        *length = (size_t)(end - value);
        return value;
    }
    return NULL;
}

static bool value_is(const char *value, size_t length, const char *expected) {
    return value && length == strlen(expected) && strncasecmp(value, expected, length) == 0;
}

/* Checks the 101 like a browser would; on success the session is open. */
static void on_response(struct session *s, size_t head_length, double now) {
    char *head = s->response;
    head[head_length + 2] = 0;  /* keep the last header's CRLF: every line ends in one */
    size_t length;
    const char *value;
    if (strncmp(head, "HTTP/1.1 101 ", 13) != 0) {
        char status[64];
        snprintf(status, sizeof status, "handshake answered: %.*s", (int)strcspn(head, "\r"), head);
        return handshake_failed(s, status);
    }
    value = header_value(head, "Upgrade", &length);
    if (!value_is(value, length, "websocket")) return handshake_failed(s, "101 without Upgrade: websocket");
    value = header_value(head, "Connection", &length);
    if (!value || !memmem(value, length, "pgrade", 6)) return handshake_failed(s, "101 without Connection: Upgrade");
    value = header_value(head, "Sec-WebSocket-Accept", &length);
    if (!value || length != strlen(s->expected_accept) || memcmp(value, s->expected_accept, length) != 0)
        return handshake_failed(s, "wrong Sec-WebSocket-Accept");
    value = header_value(head, "Sec-WebSocket-Protocol", &length);
    if (opt.subprotocol ? !value_is(value, length, SUBPROTOCOL) : value != NULL)
        return handshake_failed(s, opt.subprotocol ? "101 did not select " SUBPROTOCOL : "101 selected a subprotocol never offered");

    s->conn = CONN_OPEN;
    stats.connected++;
    cancel_timer(s);
    s->rx = RX_HEADER;
    s->drive = DRIVE_WAIT_HELLO;
    if (opt.mode != MODE_STREAM) {
        send_viewport(s);
        if (opt.scene) send_scene(s, opt.scene);
    }
    /* Messages that came in the same read as the response. */
    char *rest = head + head_length + 4;
    size_t rest_length = (size_t)s->response_length - head_length - 4;
    s->response = NULL;
    if (rest_length > 0) feed(s, (const uint8_t *)rest, rest_length, now);
    free(head);
}

/* ---- Events --------------------------------------------------------------------------------- */

static void close_session(struct session *s, bool dropped) {
    if (s->conn == CONN_DONE) return;
    if (s->conn != CONN_OPEN) stats.handshake_failures++;
    else if (dropped) stats.dropped++;
    cancel_timer(s);
    close(s->fd);
    free(s->response);
    free(s->pending);
    s->response = NULL;
    s->pending = NULL;
    s->pending_length = s->pending_capacity = 0;
    s->conn = CONN_DONE;
}

static uint8_t read_buffer[1 << 16];

/* Sockets are edge-triggered: read until a short read, after which new data raises a new edge.
 * (Level-triggered epoll polls every ready socket once more per wakeup, a cost per frame.) */
static void on_readable(struct session *s) {
    while (s->conn == CONN_HANDSHAKE) {
        size_t room = 1023 - (size_t)s->response_length;
        ssize_t n = recv(s->fd, s->response + s->response_length, room, 0);
        if (n == 0) return handshake_failed(s, "closed during the handshake");
        if (n < 0) {
            if (errno != EAGAIN && errno != EWOULDBLOCK) handshake_failed(s, strerror(errno));
            return;
        }
        s->response_length += (int)n;
        s->response[s->response_length] = 0;
        char *end = strstr(s->response, "\r\n\r\n");
        if (end) on_response(s, (size_t)(end - s->response), now_seconds());
        else if (s->response_length >= 1023) return handshake_failed(s, "handshake response too long");
        if ((size_t)n < room) return;
    }
    while (s->conn == CONN_OPEN) {
        ssize_t n = recv(s->fd, read_buffer, sizeof read_buffer, 0);
        if (n > 0) {
            feed(s, read_buffer, (size_t)n, now_seconds());
            if ((size_t)n < sizeof read_buffer) return;
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        report_failure((int)(s - sessions), n == 0 ? "server closed the connection" : strerror(errno));
        close_session(s, true);
    }
}

static void on_event(struct session *s, uint32_t events) {
    if (s->conn == CONN_CONNECTING) {
        int error = 0;
        socklen_t size = sizeof error;
        getsockopt(s->fd, SOL_SOCKET, SO_ERROR, &error, &size);
        if (error) return handshake_failed(s, strerror(error));
        return send_upgrade(s);
    }
    if (events & (EPOLLIN | EPOLLERR | EPOLLHUP)) on_readable(s);
    if (s->conn != CONN_DONE && (events & EPOLLOUT) && s->pending_length > 0) flush_pending(s);
}

/* ---- Output --------------------------------------------------------------------------------- */

static const char *mode_name(void) {
    return opt.mode == MODE_SCENE ? "scene" : opt.mode == MODE_STREAM ? "stream" : "latency";
}

/* Frames that came while something moved, against the intervals' worth of time they spanned:
 * 100 when the server keeps its rate, less when it falls behind. */
static double delivered_percent(void) {
    if (stats.transition_seconds <= 0) return 0;
    return 100.0 * (double)stats.frames_in_transition * frame_interval / stats.transition_seconds;
}

/* Percentiles as JSON numbers (null when there are no samples). */
static void json_number(FILE *f, const char *name, double value, const char *suffix) {
    if (isnan(value)) fprintf(f, "\"%s\":null%s", name, suffix);
    else fprintf(f, "\"%s\":%.1f%s", name, value, suffix);
}

static void write_json(FILE *f, double measured, double cpu) {
    double fps = measured > 0 ? (double)stats.frames / measured : 0;
    double late_percent = stats.frames_in_transition ? 100.0 * (double)stats.late_frames / (double)stats.frames_in_transition : 0;
    fprintf(f, "{\"mode\":\"%s\",\"scene\":", mode_name());
    if (opt.scene) fprintf(f, "\"%s\"", opt.scene); else fprintf(f, "null");
    fprintf(f, ",\"host\":\"%s\",\"port\":%d,\"fps\":%g,\"subprotocol\":%s,\"read_period_us\":%.0f,"
               "\"sessions_requested\":%d,\"sessions_connected\":%d,\"sessions_failed\":%d,\"sessions_dropped\":%d,"
               "\"handshake_failures\":%d,\"protocol_errors\":%d,\"server_errors\":%d,"
               "\"warmup_s\":%g,\"measured_s\":%.3f,"
               "\"frames\":%llu,\"frames_per_second\":%.1f,\"frames_per_session_per_second\":%.2f,"
               "\"frame_bytes\":%llu,\"frame_bytes_mean\":%.1f,\"frame_bytes_min\":%llu,\"frame_bytes_max\":%llu,"
               "\"other_messages\":%llu,"
               "\"frames_in_transition\":%llu,\"late_frames\":%llu,\"late_percent\":%.3f,\"missing_frames\":%llu,"
               "\"transition_seconds\":%.3f,\"delivered_percent\":%.2f,"
               "\"transitions_started\":%llu,\"transitions_completed\":%llu,\"transitions_cancelled\":%llu,"
               "\"gestures_without_transition\":%llu,\"stalled_transitions\":%llu,\"holds_lost\":%llu,",
            opt.host, opt.port, opt.fps, opt.subprotocol ? "true" : "false", opt.mode == MODE_LATENCY ? 0 : READ_PERIOD * 1e6,
            opt.sessions, stats.connected, opt.sessions - stats.connected, stats.dropped,
            stats.handshake_failures, stats.protocol_errors, stats.server_errors,
            opt.warmup, measured,
            (unsigned long long)stats.frames, fps, stats.connected ? fps / stats.connected : 0,
            (unsigned long long)stats.frame_bytes, stats.frames ? (double)stats.frame_bytes / (double)stats.frames : 0,
            (unsigned long long)(stats.frames ? stats.frame_bytes_min : 0), (unsigned long long)stats.frame_bytes_max,
            (unsigned long long)stats.other_messages,
            (unsigned long long)stats.frames_in_transition, (unsigned long long)stats.late_frames, late_percent,
            (unsigned long long)stats.missing_frames, stats.transition_seconds, delivered_percent(),
            (unsigned long long)stats.transitions_started, (unsigned long long)stats.transitions_completed,
            (unsigned long long)stats.transitions_cancelled, (unsigned long long)stats.gestures_without_transition,
            (unsigned long long)stats.stalled_transitions, (unsigned long long)stats.holds_lost);
    fprintf(f, "\"latency\":{\"samples\":%llu,\"unmatched\":%llu,",
            (unsigned long long)stats.latency_samples, (unsigned long long)stats.latency_unmatched);
    json_number(f, "p50_us", latency_percentile(0.50), ",");
    json_number(f, "p90_us", latency_percentile(0.90), ",");
    json_number(f, "p99_us", latency_percentile(0.99), ",");
    json_number(f, "max_us", stats.latency_samples ? (double)stats.latency_max_us : NAN, ",");
    /* Non-empty buckets as [value µs, count], so several clients' samples can be merged exactly. */
    fprintf(f, "\"histogram\":[");
    bool first = true;
    for (int i = 0; i < HIST_BUCKETS; i++) {
        if (!stats.latency_histogram[i]) continue;
        fprintf(f, "%s[%.1f,%llu]", first ? "" : ",", hist_value(i), (unsigned long long)stats.latency_histogram[i]);
        first = false;
    }
    fprintf(f, "]},\"client_cpu_s\":%.3f,\"client_cpu_percent\":%.1f}\n", cpu, measured > 0 ? 100 * cpu / measured : 0);
}

static void print_summary(double measured, double cpu) {
    double late_percent = stats.frames_in_transition ? 100.0 * (double)stats.late_frames / (double)stats.frames_in_transition : 0;
    char latency[128] = "";
    if (stats.latency_samples)
        snprintf(latency, sizeof latency, ", latency p50 %.0f p99 %.0f max %llu us (%llu samples)",
                 latency_percentile(0.5), latency_percentile(0.99), (unsigned long long)stats.latency_max_us,
                 (unsigned long long)stats.latency_samples);
    fprintf(stderr, "segue-load %s: %d/%d sessions, %.0f frames/s, late %.2f%% (%llu), delivered %.1f%% of the "
                    "frame rate%s, %d handshake failures, %d protocol errors, %d server errors, client CPU %.1f%%\n",
            mode_name(), stats.connected, opt.sessions, measured > 0 ? (double)stats.frames / measured : 0,
            late_percent, (unsigned long long)stats.late_frames, delivered_percent(), latency, stats.handshake_failures,
            stats.protocol_errors, stats.server_errors, measured > 0 ? 100 * cpu / measured : 0);
}

static double cpu_seconds(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec * 1e-6 +
           (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec * 1e-6;
}

/* ---- Command line --------------------------------------------------------------------------- */

static void usage(FILE *f) {
    fprintf(f,
        "usage: segue-load --port P [options]\n"
        "  --host ADDR          server address, numeric IPv4 or IPv6 (127.0.0.1)\n"
        "  --port P             server port (required)\n"
        "  --mode M             scene: keep every session's scene animating (default)\n"
        "                       stream: count whatever messages arrive, send nothing\n"
        "                       latency: hold an interactive transition, time pointer-to-frame\n"
        "  --sessions N         WebSockets to open (1 in latency mode, else 100)\n"
        "  --scene NAME         choose this scene (slides, menu, stack, fade); else the server's\n"
        "  --duration S         seconds measured (10)\n"
        "  --warmup S           seconds after the last connect before measuring (2)\n"
        "  --connect-rate R     new connections per second (500)\n"
        "  --fps F              the server's frame rate, for lateness (60)\n"
        "  --json PATH          write the results there (default: stdout)\n"
        "  --no-subprotocol     do not offer " SUBPROTOCOL "\n");
}

static bool parse_number(const char *text, double low, double high, double *out) {
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || !(v >= low && v <= high)) return false;
    *out = v;
    return true;
}

static void usage_error(const char *what, const char *value) {
    fprintf(stderr, "segue-load: %s%s%s\n", what, value ? ": " : "", value ? value : "");
    usage(stderr);
    exit(EXIT_USAGE);
}

static void parse_options(int argc, char **argv) {
    static const struct option longs[] = {
        { "host", required_argument, 0, 'h' }, { "port", required_argument, 0, 'p' },
        { "sessions", required_argument, 0, 'n' }, { "duration", required_argument, 0, 'd' },
        { "warmup", required_argument, 0, 'w' }, { "mode", required_argument, 0, 'm' },
        { "scene", required_argument, 0, 's' }, { "connect-rate", required_argument, 0, 'r' },
        { "fps", required_argument, 0, 'f' }, { "json", required_argument, 0, 'j' },
        { "no-subprotocol", no_argument, 0, 'P' }, { "help", no_argument, 0, '?' + 256 }, { 0, 0, 0, 0 },
    };
    int c;
    double v;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        switch (c) {
        case 'h': opt.host = optarg; break;
        case 'p':
            if (!parse_number(optarg, 1, 65535, &v) || v != floor(v)) usage_error("--port must be 1…65535", optarg);
            opt.port = (int)v;
            break;
        case 'n':
            if (!parse_number(optarg, 1, 1000000, &v) || v != floor(v)) usage_error("--sessions must be a positive integer", optarg);
            opt.sessions = (int)v;
            break;
        case 'd': if (!parse_number(optarg, 0.1, 86400, &opt.duration)) usage_error("--duration must be 0.1…86400 s", optarg); break;
        case 'w': if (!parse_number(optarg, 0, 3600, &opt.warmup)) usage_error("--warmup must be 0…3600 s", optarg); break;
        case 'r': if (!parse_number(optarg, 1, 1e6, &opt.connect_rate)) usage_error("--connect-rate must be positive", optarg); break;
        case 'f': if (!parse_number(optarg, 1, 1000, &opt.fps)) usage_error("--fps must be 1…1000", optarg); break;
        case 'm':
            if (strcmp(optarg, "scene") == 0) opt.mode = MODE_SCENE;
            else if (strcmp(optarg, "stream") == 0) opt.mode = MODE_STREAM;
            else if (strcmp(optarg, "latency") == 0) opt.mode = MODE_LATENCY;
            else usage_error("--mode must be scene, stream or latency", optarg);
            break;
        case 's':
            if (!plan_named(optarg, strlen(optarg))) usage_error("--scene must be slides, menu, stack or fade", optarg);
            opt.scene = optarg;
            break;
        case 'j': opt.json_path = optarg; break;
        case 'P': opt.subprotocol = false; break;
        case '?' + 256: usage(stdout); exit(0);
        default: usage(stderr); exit(EXIT_USAGE);
        }
    }
    if (optind < argc) usage_error("unexpected argument", argv[optind]);
    if (opt.port == 0) usage_error("--port is required", NULL);
    if (opt.sessions < 0) opt.sessions = opt.mode == MODE_LATENCY ? 1 : 100;
    if (opt.mode == MODE_STREAM && opt.scene) usage_error("--scene means nothing in stream mode", NULL);

    struct sockaddr_in *v4 = (struct sockaddr_in *)&server_address;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&server_address;
    if (inet_pton(AF_INET, opt.host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)opt.port);
        server_address_length = sizeof *v4;
        snprintf(host_header, sizeof host_header, "%s:%d", opt.host, opt.port);
    } else if (inet_pton(AF_INET6, opt.host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)opt.port);
        server_address_length = sizeof *v6;
        snprintf(host_header, sizeof host_header, "[%s]:%d", opt.host, opt.port);
    } else {
        usage_error("--host must be a numeric IPv4 or IPv6 address", opt.host);
    }
}

/* One descriptor per session: raise the soft limit as far as the hard limit allows. */
static void check_limits(void) {
    struct rlimit limit;
    getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    getrlimit(RLIMIT_NOFILE, &limit);  /* an unlimited hard limit may not be settable */
    if ((rlim_t)opt.sessions + 16 > limit.rlim_cur) {
        fprintf(stderr, "segue-load: %d sessions need %d descriptors; the hard limit (ulimit -Hn) is %llu\n",
                opt.sessions, opt.sessions + 16, (unsigned long long)limit.rlim_cur);
        exit(EXIT_USAGE);
    }
    /* Each connection to the one server address takes an ephemeral port. */
    FILE *f = fopen("/proc/sys/net/ipv4/ip_local_port_range", "r");
    int low, high;
    if (f && fscanf(f, "%d %d", &low, &high) == 2 && opt.sessions > high - low + 1) {
        fprintf(stderr, "segue-load: %d sessions exceed the %d ephemeral ports (net.ipv4.ip_local_port_range)\n",
                opt.sessions, high - low + 1);
        exit(EXIT_USAGE);
    }
    if (f) fclose(f);
}

static void on_signal(int signal_number) { (void)signal_number; interrupted = 1; }

int main(int argc, char **argv) {
    parse_options(argc, argv);
    check_limits();
    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    if (getrandom(&mask_state, sizeof mask_state, 0) != sizeof mask_state || mask_state == 0)
        mask_state = 0x9E3779B97F4A7C15ull;

    sessions = calloc((size_t)opt.sessions, sizeof *sessions);
    epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    if (!sessions || epoll_fd < 0) { perror("segue-load"); return EXIT_RUNTIME; }

    frame_interval = 1 / opt.fps;
    started_at = now_seconds();
    double ramp = (opt.sessions - 1) / opt.connect_rate;
    window_start = started_at + ramp + opt.warmup;
    window_end = window_start + opt.duration;
    /* Hard deadline: whatever the server does, the client reports shortly after the window. */
    double deadline = window_end + SHUTDOWN_GRACE;
    int next_connect = 0;
    double cpu_at_start = 0, measured_until = window_end;
    struct epoll_event events[512];
    /* Waking for every arriving frame costs more than reading it: except when latency is the
     * point, read whatever has arrived once per READ_PERIOD. */
    bool batched = opt.mode != MODE_LATENCY;

    for (;;) {
        double now = now_seconds();
        if (interrupted) { measured_until = now; break; }
        if (now >= window_end || now >= deadline) break;
        if (!measuring && now >= window_start) {
            measuring = true;
            cpu_at_start = cpu_seconds();
        }
        while (next_connect < opt.sessions && started_at + next_connect / opt.connect_rate <= now)
            start_connect(&sessions[next_connect++], now);
        while (heap_length > 0 && heap[0].at <= now + TIMER_SLACK) {
            struct timer t = heap_pop();
            struct session *s = &sessions[t.session];
            if (t.generation == s->timer_generation && s->conn != CONN_DONE) on_timer(s, now);
        }

        double wake = measuring ? window_end : window_start;
        if (next_connect < opt.sessions) wake = fmin(wake, started_at + next_connect / opt.connect_rate);
        if (heap_length > 0) wake = fmin(wake, heap[0].at);
        int timeout = batched || wake <= now ? 0 : (int)ceil((wake - now) * 1000);
        int count = epoll_wait(epoll_fd, events, 512, timeout);
        if (count < 0 && errno != EINTR) { perror("segue-load: epoll_wait"); return EXIT_RUNTIME; }
        for (int i = 0; i < count; i++) {
            struct session *s = &sessions[events[i].data.u32];
            if (s->conn != CONN_DONE) on_event(s, events[i].events);
        }
        if (batched && count < 512) {
            double until = fmin(wake, now + READ_PERIOD);
            struct timespec t = { (time_t)until, (long)((until - floor(until)) * 1e9) };
            clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
        }
    }

    double measured = measuring ? fmin(measured_until, window_end) - window_start : 0;
    double cpu = measuring ? cpu_seconds() - cpu_at_start : 0;
    /* Reset rather than close politely: no TIME_WAIT left holding ephemeral ports for the next run. */
    struct linger abort_close = { 1, 0 };
    for (int i = 0; i < opt.sessions; i++) {
        struct session *s = &sessions[i];
        if (s->conn == CONN_DONE || s->conn == CONN_NEW) continue;
        if (s->conn != CONN_OPEN) stats.handshake_failures++;  /* still shaking hands */
        setsockopt(s->fd, SOL_SOCKET, SO_LINGER, &abort_close, sizeof abort_close);
        close(s->fd);
    }
    print_summary(measured, cpu);
    FILE *out = opt.json_path ? fopen(opt.json_path, "w") : stdout;
    if (!out) { perror(opt.json_path); return EXIT_RUNTIME; }
    write_json(out, measured, cpu);
    if (out != stdout && fclose(out) != 0) { perror(opt.json_path); return EXIT_RUNTIME; }
    return stats.connected > 0 ? 0 : EXIT_RUNTIME;
}
