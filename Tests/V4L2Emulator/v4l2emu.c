// An emulated V4L2 camera for tests, loaded with LD_PRELOAD: answers open, ioctl, mmap, munmap, poll and
// close for one fake device path and passes every other call to libc. It serves a fixture clip's frames as
// YUYV or MJPEG at the clip's rate, in real time, with CLOCK_MONOTONIC buffer timestamps and sequence numbers;
// like a real driver it drops a frame when no buffer is queued. Environment:
//   BTX_EMU_DEVICE        fake device path (default /dev/video-bowlertrax-test)
//   BTX_EMU_FORMAT        YUYV or MJPG
//   BTX_EMU_SIZE          WxH, BTX_EMU_FPS frames per second
//   BTX_EMU_FRAMES        YUYV: a raw yuv420p file of W x H frames (packed to YUYV on the fly, chroma rows doubled);
//                         MJPG: a directory of 000000.jpg, 000001.jpg, ...
//   BTX_EMU_UNPLUG_AFTER  after this many frames are dequeued the camera "goes away" (ENODEV, POLLERR|POLLHUP)
//   BTX_EMU_BUSY          1: VIDIOC_S_FMT and VIDIOC_REQBUFS answer EBUSY, as when another program streams
//   BTX_EMU_DONE_FILE     created once every frame of the clip has been dequeued
//   BTX_EMU_LOOP          1: serve the clip over and over (frame numbers and timestamps go on), for long sessions
//   BTX_EMU_SPEED         the camera's pace as a fraction of real time (default 1): 0.5 serves a frame every two
//                         frame periods, with the same timestamps. Tests use it so that a loaded machine does not
//                         make them drop frames; the bench serves in real time.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_BUFFERS 32
enum { FREE, QUEUED, DONE, DEQUEUED };

struct buffer { void *addr; size_t length; int state; unsigned bytesused; unsigned sequence; long long time_ns; };

static struct {
    pthread_mutex_t lock;
    int ready, fd, mjpeg, busy, streaming, unplugged;
    unsigned width, height, fps;
    double speed;
    long frame_count, next_frame, dequeued, unplug_after;
    int loop;
    const char *device, *frames, *done_file;
    long long t0_ns;
    struct buffer buffers[MAX_BUFFERS];
    unsigned buffer_count;
    int fifo[MAX_BUFFERS], fifo_len;   // queued buffers, oldest first
    int done[MAX_BUFFERS], done_len;   // filled buffers, oldest first
    unsigned char *scratch;
} emu = { .lock = PTHREAD_MUTEX_INITIALIZER, .fd = -1 };

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void setup(void) {
    if (emu.ready) return;
    emu.ready = 1;
    emu.device = getenv("BTX_EMU_DEVICE") ? getenv("BTX_EMU_DEVICE") : "/dev/video-bowlertrax-test";
    emu.mjpeg = getenv("BTX_EMU_FORMAT") && strcmp(getenv("BTX_EMU_FORMAT"), "MJPG") == 0;
    if (!getenv("BTX_EMU_SIZE") || sscanf(getenv("BTX_EMU_SIZE"), "%ux%u", &emu.width, &emu.height) != 2) { emu.width = 1280; emu.height = 720; }
    emu.fps = getenv("BTX_EMU_FPS") ? (unsigned)atoi(getenv("BTX_EMU_FPS")) : 60;
    emu.speed = getenv("BTX_EMU_SPEED") ? atof(getenv("BTX_EMU_SPEED")) : 1;
    if (!(emu.speed > 0)) emu.speed = 1;
    emu.frames = getenv("BTX_EMU_FRAMES");
    emu.done_file = getenv("BTX_EMU_DONE_FILE");
    emu.unplug_after = getenv("BTX_EMU_UNPLUG_AFTER") ? atol(getenv("BTX_EMU_UNPLUG_AFTER")) : -1;
    emu.loop = getenv("BTX_EMU_LOOP") && strcmp(getenv("BTX_EMU_LOOP"), "1") == 0;
    emu.busy = getenv("BTX_EMU_BUSY") && strcmp(getenv("BTX_EMU_BUSY"), "1") == 0;
    struct stat info;
    if (!emu.frames) return;
    if (emu.mjpeg) {
        char path[4096];
        for (;;) {
            snprintf(path, sizeof path, "%s/%06ld.jpg", emu.frames, emu.frame_count);
            if (stat(path, &info) != 0) break;
            emu.frame_count++;
        }
    } else if (stat(emu.frames, &info) == 0) {
        emu.frame_count = info.st_size / ((long)emu.width * emu.height * 3 / 2);
    }
}

static size_t frame_bytes(void) { return (size_t)emu.width * emu.height * 2; }

// Writes frame `index` into `b`: YUYV packed from the raw 4:2:0 file, or the JPEG file as it is.
static void fill(struct buffer *b, long index) {
    b->bytesused = 0;
    if (emu.mjpeg) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%06ld.jpg", emu.frames, index);
        FILE *file = fopen(path, "rb");
        if (!file) return;
        b->bytesused = (unsigned)fread(b->addr, 1, b->length, file);
        fclose(file);
        return;
    }
    size_t luma = (size_t)emu.width * emu.height, chroma = luma / 4;
    if (!emu.scratch) emu.scratch = malloc(luma + 2 * chroma);
    FILE *file = fopen(emu.frames, "rb");
    if (!file) return;
    int ok = fseek(file, (long)(index * (long)(luma + 2 * chroma)), SEEK_SET) == 0 && fread(emu.scratch, 1, luma + 2 * chroma, file) == luma + 2 * chroma;
    fclose(file);
    if (!ok) return;
    unsigned char *out = b->addr, *y = emu.scratch, *u = y + luma, *v = u + chroma;
    for (unsigned row = 0; row < emu.height; row++) {
        unsigned char *line = out + (size_t)row * emu.width * 2;
        const unsigned char *yr = y + (size_t)row * emu.width, *ur = u + (size_t)(row / 2) * (emu.width / 2), *vr = v + (size_t)(row / 2) * (emu.width / 2);
        for (unsigned pair = 0; pair < emu.width / 2; pair++) {
            line[4 * pair] = yr[2 * pair];
            line[4 * pair + 1] = ur[pair];
            line[4 * pair + 2] = yr[2 * pair + 1];
            line[4 * pair + 3] = vr[pair];
        }
    }
    b->bytesused = (unsigned)frame_bytes();
}

static int has_frames_left(void) { return emu.loop || emu.next_frame < emu.frame_count; }

// The frame's timestamp: the clip's own time. It is served (comes due) at that time stretched by 1 / speed.
static long long stamp_ns(long frame) { return emu.t0_ns + frame * 1000000000LL / emu.fps; }
static long long due_ns(long frame) { return emu.t0_ns + (long long)((double)(stamp_ns(frame) - emu.t0_ns) / emu.speed); }

// Delivers every frame that has come due: into the oldest queued buffer, or dropped when none is queued.
static void advance(void) {
    // The camera goes away after the N-th frame was handed out: the app still requeues that one, then sees ENODEV.
    if (emu.unplug_after >= 0 && emu.dequeued >= emu.unplug_after && emu.fifo_len > 0) emu.unplugged = 1;
    if (!emu.streaming || emu.unplugged) return;
    long long now = now_ns();
    while (has_frames_left() && due_ns(emu.next_frame) <= now) {
        if (emu.fifo_len > 0) {
            int index = emu.fifo[0];
            memmove(emu.fifo, emu.fifo + 1, sizeof(int) * (size_t)--emu.fifo_len);
            struct buffer *b = &emu.buffers[index];
            fill(b, emu.next_frame % emu.frame_count);
            b->sequence = (unsigned)emu.next_frame;
            b->time_ns = stamp_ns(emu.next_frame);
            b->state = DONE;
            emu.done[emu.done_len++] = index;
        } else if (getenv("BTX_EMU_LOG")) {
            fprintf(stderr, "v4l2emu: frame %ld dropped: no buffer queued\n", emu.next_frame);
        }
        emu.next_frame++;
    }
}

static int fail(int code) { errno = code; return -1; }

static int emulated_ioctl(unsigned long request, void *argument) {
    switch (request) {
    case VIDIOC_QUERYCAP: {
        struct v4l2_capability *cap = argument;
        memset(cap, 0, sizeof *cap);
        strcpy((char *)cap->driver, "v4l2emu");
        strcpy((char *)cap->card, "BowlerTrax emulated camera");
        strcpy((char *)cap->bus_info, "emulated");
        cap->device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING;
        cap->capabilities = cap->device_caps | V4L2_CAP_DEVICE_CAPS;
        return 0;
    }
    case VIDIOC_ENUM_FMT: {
        struct v4l2_fmtdesc *desc = argument;
        if (desc->index != 0 || desc->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) return fail(EINVAL);
        desc->pixelformat = emu.mjpeg ? V4L2_PIX_FMT_MJPEG : V4L2_PIX_FMT_YUYV;
        strcpy((char *)desc->description, emu.mjpeg ? "Motion-JPEG" : "YUYV 4:2:2");
        desc->flags = emu.mjpeg ? V4L2_FMT_FLAG_COMPRESSED : 0;
        return 0;
    }
    case VIDIOC_ENUM_FRAMESIZES: {
        struct v4l2_frmsizeenum *size = argument;
        if (size->index != 0) return fail(EINVAL);
        size->type = V4L2_FRMSIZE_TYPE_DISCRETE;
        size->discrete.width = emu.width;
        size->discrete.height = emu.height;
        return 0;
    }
    case VIDIOC_ENUM_FRAMEINTERVALS: {
        struct v4l2_frmivalenum *interval = argument;
        if (interval->index != 0 || interval->width != emu.width || interval->height != emu.height) return fail(EINVAL);
        interval->type = V4L2_FRMIVAL_TYPE_DISCRETE;
        interval->discrete.numerator = 1;
        interval->discrete.denominator = emu.fps;
        return 0;
    }
    case VIDIOC_G_FMT:
    case VIDIOC_S_FMT: {
        struct v4l2_format *format = argument;
        if (request == VIDIOC_S_FMT && emu.busy) return fail(EBUSY);
        // Like a real driver, answers with the nearest mode it has: its only one.
        format->fmt.pix.width = emu.width;
        format->fmt.pix.height = emu.height;
        format->fmt.pix.pixelformat = emu.mjpeg ? V4L2_PIX_FMT_MJPEG : V4L2_PIX_FMT_YUYV;
        format->fmt.pix.field = V4L2_FIELD_NONE;
        format->fmt.pix.bytesperline = emu.mjpeg ? 0 : emu.width * 2;
        format->fmt.pix.sizeimage = (unsigned)frame_bytes();
        format->fmt.pix.colorspace = emu.mjpeg ? V4L2_COLORSPACE_JPEG : V4L2_COLORSPACE_SMPTE170M;
        format->fmt.pix.quantization = emu.mjpeg ? V4L2_QUANTIZATION_FULL_RANGE : V4L2_QUANTIZATION_LIM_RANGE;
        return 0;
    }
    case VIDIOC_G_PARM:
    case VIDIOC_S_PARM: {
        struct v4l2_streamparm *parm = argument;
        parm->parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
        parm->parm.capture.timeperframe.numerator = 1;
        parm->parm.capture.timeperframe.denominator = emu.fps;
        return 0;
    }
    case VIDIOC_REQBUFS: {
        struct v4l2_requestbuffers *req = argument;
        if (emu.busy) return fail(EBUSY);
        if (req->memory != V4L2_MEMORY_MMAP) return fail(EINVAL);
        emu.buffer_count = req->count > MAX_BUFFERS ? MAX_BUFFERS : req->count;
        req->count = emu.buffer_count;
        for (unsigned i = 0; i < emu.buffer_count; i++) emu.buffers[i] = (struct buffer){ .length = frame_bytes(), .state = FREE };
        emu.fifo_len = emu.done_len = 0;
        return 0;
    }
    case VIDIOC_QUERYBUF: {
        struct v4l2_buffer *buf = argument;
        if (buf->index >= emu.buffer_count) return fail(EINVAL);
        buf->length = (unsigned)frame_bytes();
        buf->m.offset = buf->index * (unsigned)frame_bytes();
        return 0;
    }
    case VIDIOC_QBUF: {
        struct v4l2_buffer *buf = argument;
        if (emu.unplugged) return fail(ENODEV);
        if (buf->index >= emu.buffer_count || emu.buffers[buf->index].state == QUEUED || emu.buffers[buf->index].state == DONE) return fail(EINVAL);
        emu.buffers[buf->index].state = QUEUED;
        emu.fifo[emu.fifo_len++] = (int)buf->index;
        return 0;
    }
    case VIDIOC_DQBUF: {
        struct v4l2_buffer *buf = argument;
        advance();
        if (emu.unplugged) return fail(ENODEV);
        if (emu.done_len == 0) return fail(EAGAIN);
        int index = emu.done[0];
        memmove(emu.done, emu.done + 1, sizeof(int) * (size_t)--emu.done_len);
        struct buffer *b = &emu.buffers[index];
        b->state = DEQUEUED;
        buf->index = (unsigned)index;
        buf->bytesused = b->bytesused;
        buf->flags = V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC | V4L2_BUF_FLAG_DONE;
        buf->field = V4L2_FIELD_NONE;
        buf->timestamp.tv_sec = b->time_ns / 1000000000LL;
        buf->timestamp.tv_usec = (b->time_ns % 1000000000LL) / 1000;
        buf->sequence = b->sequence;
        buf->length = (unsigned)b->length;
        emu.dequeued++;
        if (emu.done_file && emu.next_frame >= emu.frame_count && emu.done_len == 0) {
            FILE *done = fopen(emu.done_file, "w");
            if (done) fclose(done);
        }
        return 0;
    }
    case VIDIOC_STREAMON:
        if (emu.unplugged) return fail(ENODEV);
        emu.streaming = 1;
        emu.t0_ns = now_ns();
        emu.next_frame = 0;
        return 0;
    case VIDIOC_STREAMOFF:
        if (emu.unplugged) return fail(ENODEV);
        emu.streaming = 0;
        emu.fifo_len = emu.done_len = 0;
        for (unsigned i = 0; i < emu.buffer_count; i++) emu.buffers[i].state = DEQUEUED;
        return 0;
    default:
        return fail(ENOTTY);
    }
}

// MARK: - The interposed libc calls

static int is_device(const char *path) { setup(); return path && strcmp(path, emu.device) == 0; }

static int open_device(void) {
    pthread_mutex_lock(&emu.lock);
    if (emu.fd >= 0) { pthread_mutex_unlock(&emu.lock); return fail(EBUSY); }
    // A real descriptor (of /dev/null) keeps the number unique and close() honest.
    int (*real_open)(const char *, int, ...) = dlsym(RTLD_NEXT, "open");
    emu.fd = real_open("/dev/null", O_RDWR | O_CLOEXEC);
    int fd = emu.fd;
    pthread_mutex_unlock(&emu.lock);
    return fd;
}

#define FORWARD_OPEN(name)                                                          \
    int name(const char *path, int flags, ...) {                                   \
        mode_t mode = 0;                                                             \
        if (flags & (O_CREAT | O_TMPFILE)) { va_list a; va_start(a, flags); mode = va_arg(a, mode_t); va_end(a); } \
        if (is_device(path)) return open_device();                                   \
        int (*real)(const char *, int, ...) = dlsym(RTLD_NEXT, #name);               \
        return real(path, flags, mode);                                              \
    }
FORWARD_OPEN(open)
FORWARD_OPEN(open64)

int ioctl(int fd, unsigned long request, ...) {
    va_list a;
    va_start(a, request);
    void *argument = va_arg(a, void *);
    va_end(a);
    if (fd >= 0 && fd == emu.fd) {
        pthread_mutex_lock(&emu.lock);
        int result = emulated_ioctl(request, argument);
        int code = errno;
        pthread_mutex_unlock(&emu.lock);
        errno = code;
        return result;
    }
    int (*real)(int, unsigned long, ...) = dlsym(RTLD_NEXT, "ioctl");
    return real(fd, request, argument);
}

static void *map_buffer(size_t length, off_t offset) {
    pthread_mutex_lock(&emu.lock);
    void *addr = MAP_FAILED;
    for (unsigned i = 0; i < emu.buffer_count; i++) {
        if ((off_t)(i * frame_bytes()) == offset) {
            addr = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            emu.buffers[i].addr = addr;
        }
    }
    pthread_mutex_unlock(&emu.lock);
    if (addr == MAP_FAILED) errno = EINVAL;
    return addr;
}

void *mmap64(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
    if (fd >= 0 && fd == emu.fd) return map_buffer(length, offset);
    void *(*real)(void *, size_t, int, int, int, off_t) = dlsym(RTLD_NEXT, "mmap64");
    return real(addr, length, prot, flags, fd, offset);
}

void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
    if (fd >= 0 && fd == emu.fd) return map_buffer(length, offset);
    void *(*real)(void *, size_t, int, int, int, off_t) = dlsym(RTLD_NEXT, "mmap");
    return real(addr, length, prot, flags, fd, offset);
}

int munmap(void *addr, size_t length) {
    pthread_mutex_lock(&emu.lock);
    for (unsigned i = 0; i < emu.buffer_count; i++) if (emu.buffers[i].addr == addr) emu.buffers[i].addr = NULL;
    pthread_mutex_unlock(&emu.lock);
    int (*real)(void *, size_t) = dlsym(RTLD_NEXT, "munmap");
    return real(addr, length);
}

int poll(struct pollfd *fds, nfds_t count, int timeout_ms) {
    int (*real)(struct pollfd *, nfds_t, int) = dlsym(RTLD_NEXT, "poll");
    if (count != 1 || emu.fd < 0 || fds[0].fd != emu.fd) return real(fds, count, timeout_ms);
    long long deadline = timeout_ms < 0 ? -1 : now_ns() + timeout_ms * 1000000LL;
    for (;;) {
        pthread_mutex_lock(&emu.lock);
        advance();
        fds[0].revents = emu.unplugged ? (POLLERR | POLLHUP) : emu.done_len > 0 ? POLLIN : 0;
        long long next = emu.streaming && has_frames_left() ? due_ns(emu.next_frame) : -1;
        pthread_mutex_unlock(&emu.lock);
        if (fds[0].revents) return 1;
        long long now = now_ns();
        if (deadline >= 0 && now >= deadline) return 0;
        long long wake = next < 0 ? deadline : deadline < 0 ? next : (next < deadline ? next : deadline);
        if (wake < 0) wake = now + 100000000LL;
        struct timespec pause = { (wake - now) / 1000000000LL, (wake - now) % 1000000000LL };
        nanosleep(&pause, NULL);
    }
}

int close(int fd) {
    int (*real)(int) = dlsym(RTLD_NEXT, "close");
    pthread_mutex_lock(&emu.lock);
    if (fd >= 0 && fd == emu.fd) {
        emu.fd = -1;
        emu.streaming = 0;
        emu.buffer_count = 0;
    }
    pthread_mutex_unlock(&emu.lock);
    return real(fd);
}
