/*
 * lws-streamer: the transport ceiling. A libwebsockets 4.1.6 server that does nothing but push a
 * fixed-size binary message to every WebSocket at a fixed rate, the way Segue's transport does
 * (one context, one service thread, one timer, one lws_write per WRITEABLE), with no scene, no
 * encoder and no input handling. What it costs is what "sending frames of that size" costs.
 *
 *   cc -O2 -Wall -Wextra -o lws-streamer lws-streamer.c $(pkg-config --cflags --libs libwebsockets)
 *   lws-streamer --port 0 --frame-bytes 300 --fps 60 --max-connections 10000
 *
 * Prints "lws-streamer is running: ws://HOST:PORT/" once listening; stops on SIGINT or SIGTERM.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <libwebsockets.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* Descriptors lws needs besides connections: the listener, the cancel pipe, stdio. */
enum { SPARE_DESCRIPTORS = 16 };

static struct {
    const char *host;
    int port;
    long frame_bytes;
    int fps;
    long max_connections;
} opt = { "127.0.0.1", 8090, 300, 60, 10000 };

static struct lws_context *context;
static lws_sorted_usec_list_t tick_timer;
static int64_t next_tick_us;
/* Ticks so far; a connection sends at most one frame per tick. */
static uint64_t tick_count;
/* The one frame every connection gets, behind LWS_PRE bytes of room for the WebSocket header.
 * Sharing it is safe: the header lws writes there is the same for every connection, and lws
 * copies whatever a partial write leaves unsent. */
static unsigned char *frame;
static volatile sig_atomic_t stopping;

/* Per-connection memory, zeroed by lws. */
struct connection {
    uint64_t sent_tick;
};

static int64_t monotonic_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
    struct connection *connection = user;
    switch (reason) {
    case LWS_CALLBACK_ESTABLISHED:
        connection->sent_tick = tick_count;  /* its first frame goes with the next tick */
        return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        /* WRITEABLE requests are a flag, and extra callbacks happen: send only once per tick.
         * A slow reader whose partial write is pending gets no callback until it drains, then
         * the current frame, never a backlog. */
        if (connection->sent_tick == tick_count) return 0;
        connection->sent_tick = tick_count;
        if (lws_write(wsi, frame + LWS_PRE, (size_t)opt.frame_bytes, LWS_WRITE_BINARY) < opt.frame_bytes)
            return -1;
        return 0;
    case LWS_CALLBACK_RECEIVE:
        return 0;  /* whatever a client sends is ignored */
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

/* protocols[0] takes WebSockets that name no subprotocol; it is also called segue.v7 so that
 * Segue's clients bind to it. (lws 4.1.6 refuses a client naming a subprotocol it lacks.) */
static const struct lws_protocols protocols[] = {
    { "segue.v7", callback, sizeof(struct connection), 0, 0, NULL, 0 },
    { NULL, NULL, 0, 0, 0, NULL, 0 },
};

static void schedule_tick(void);

static void tick(lws_sorted_usec_list_t *sul) {
    (void)sul;
    tick_count++;
    lws_callback_on_writable_all_protocol(context, &protocols[0]);
    schedule_tick();
}

/* Deadlines advance by whole periods so the rate does not drift; after a stall, missed ticks are
 * skipped rather than replayed in a burst (as Segue's server does). */
static void schedule_tick(void) {
    int64_t period = 1000000 / opt.fps, now = monotonic_us();
    next_tick_us += period;
    if (next_tick_us <= now) next_tick_us = now + period;
    lws_sul_schedule(context, 0, &tick_timer, tick, next_tick_us - now);
}

static void on_signal(int signal_number) {
    (void)signal_number;
    stopping = 1;
    lws_cancel_service(context);
}

static void usage(FILE *f) {
    fprintf(f,
        "usage: lws-streamer [options]\n"
        "  --host ADDR            address to listen on (127.0.0.1)\n"
        "  --port P               port, 0 for any free one (8090)\n"
        "  --frame-bytes B        size of every binary message, 1…16777216 (300)\n"
        "  --fps F                messages per second to each connection, 1…1000 (60)\n"
        "  --max-connections N    connections the context is sized for (10000)\n");
}

static long parse_integer(const char *name, const char *text, long low, long high) {
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < low || v > high) {
        fprintf(stderr, "lws-streamer: %s must be %ld…%ld, not '%s'\n", name, low, high, text);
        usage(stderr);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv) {
    static const struct option longs[] = {
        { "host", required_argument, 0, 'h' }, { "port", required_argument, 0, 'p' },
        { "frame-bytes", required_argument, 0, 'b' }, { "fps", required_argument, 0, 'f' },
        { "max-connections", required_argument, 0, 'm' }, { "help", no_argument, 0, '?' + 256 },
        { 0, 0, 0, 0 },
    };
    int c;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        switch (c) {
        case 'h': opt.host = optarg; break;
        case 'p': opt.port = (int)parse_integer("--port", optarg, 0, 65535); break;
        case 'b': opt.frame_bytes = parse_integer("--frame-bytes", optarg, 1, 1 << 24); break;
        case 'f': opt.fps = (int)parse_integer("--fps", optarg, 1, 1000); break;
        case 'm': opt.max_connections = parse_integer("--max-connections", optarg, 1, 1 << 24); break;
        case '?' + 256: usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "lws-streamer: unexpected argument '%s'\n", argv[optind]);
        return 2;
    }

    /* One descriptor per connection; lws sizes its tables from fd_limit_per_thread. */
    struct rlimit limit;
    getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    getrlimit(RLIMIT_NOFILE, &limit);
    if ((rlim_t)opt.max_connections + SPARE_DESCRIPTORS > limit.rlim_cur) {
        fprintf(stderr, "lws-streamer: --max-connections %ld needs %ld descriptors; ulimit -Hn is %llu\n",
                opt.max_connections, opt.max_connections + SPARE_DESCRIPTORS, (unsigned long long)limit.rlim_cur);
        return 2;
    }

    frame = malloc(LWS_PRE + (size_t)opt.frame_bytes);
    if (!frame) { perror("lws-streamer"); return 1; }
    memset(frame + LWS_PRE, 0x5A, (size_t)opt.frame_bytes);

    lws_set_log_level(LLL_ERR | LLL_WARN, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.iface = opt.host;
    info.port = opt.port;
    info.protocols = protocols;
    info.fd_limit_per_thread = (unsigned int)(opt.max_connections + SPARE_DESCRIPTORS);
    context = lws_create_context(&info);
    if (!context) {
        fprintf(stderr, "lws-streamer: cannot listen on %s:%d\n", opt.host, opt.port);
        return 1;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);

    int port = lws_get_vhost_listen_port(lws_get_vhost_by_name(context, "default"));
    printf("lws-streamer is running: ws://%s:%d/ (%ld-byte frames at %d fps)\n", opt.host, port,
           opt.frame_bytes, opt.fps);
    fflush(stdout);  /* the line must reach a pipe before serving blocks */

    next_tick_us = monotonic_us();
    schedule_tick();
    while (!stopping && lws_service(context, 0) >= 0) {
    }
    lws_context_destroy(context);
    free(frame);
    return 0;
}
