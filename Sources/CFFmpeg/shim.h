#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H

#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/cpu.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/display.h>
#include <libswscale/swscale.h>

// AVERROR(e), AVERROR_EOF and AV_NOPTS_VALUE are macros Swift cannot import.
static inline int cffmpeg_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int cffmpeg_averror_eof(void) { return AVERROR_EOF; }
static inline int cffmpeg_averror_enomem(void) { return AVERROR(ENOMEM); }
static inline int64_t cffmpeg_nopts_value(void) { return AV_NOPTS_VALUE; }

// av_opt_set takes a void *; keep the cast in C.
static inline int cffmpeg_opt_set(void *obj, const char *name, const char *value) {
    return av_opt_set(obj, name, value, AV_OPT_SEARCH_CHILDREN);
}

// The log callback is variadic; silence libav's own stderr chatter, we report errors ourselves.
static inline void cffmpeg_quiet_logs(void) { av_log_set_level(AV_LOG_QUIET); }

#endif
