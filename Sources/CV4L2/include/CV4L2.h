#ifndef CV4L2_H
#define CV4L2_H

#include <linux/videodev2.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <poll.h>
#include <fcntl.h>

// The VIDIOC_* request numbers are function-like macros Swift cannot import.
extern const unsigned long CV4L2_VIDIOC_QUERYCAP;
extern const unsigned long CV4L2_VIDIOC_ENUM_FMT;
extern const unsigned long CV4L2_VIDIOC_ENUM_FRAMESIZES;
extern const unsigned long CV4L2_VIDIOC_ENUM_FRAMEINTERVALS;
extern const unsigned long CV4L2_VIDIOC_G_FMT;
extern const unsigned long CV4L2_VIDIOC_S_FMT;
extern const unsigned long CV4L2_VIDIOC_G_PARM;
extern const unsigned long CV4L2_VIDIOC_S_PARM;
extern const unsigned long CV4L2_VIDIOC_REQBUFS;
extern const unsigned long CV4L2_VIDIOC_QUERYBUF;
extern const unsigned long CV4L2_VIDIOC_QBUF;
extern const unsigned long CV4L2_VIDIOC_DQBUF;
extern const unsigned long CV4L2_VIDIOC_STREAMON;
extern const unsigned long CV4L2_VIDIOC_STREAMOFF;

// v4l2_fourcc() is a function-like macro too.
extern const unsigned int CV4L2_PIX_FMT_MJPEG;
extern const unsigned int CV4L2_PIX_FMT_YUYV;

/// ioctl is variadic in C; Swift calls this fixed-argument form.
int cv4l2_ioctl(int fd, unsigned long request, void *argument);

#endif
