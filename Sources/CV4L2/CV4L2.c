#include "CV4L2.h"

const unsigned long CV4L2_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
const unsigned long CV4L2_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
const unsigned long CV4L2_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
const unsigned long CV4L2_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
const unsigned long CV4L2_VIDIOC_G_FMT = VIDIOC_G_FMT;
const unsigned long CV4L2_VIDIOC_S_FMT = VIDIOC_S_FMT;
const unsigned long CV4L2_VIDIOC_G_PARM = VIDIOC_G_PARM;
const unsigned long CV4L2_VIDIOC_S_PARM = VIDIOC_S_PARM;
const unsigned long CV4L2_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
const unsigned long CV4L2_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
const unsigned long CV4L2_VIDIOC_QBUF = VIDIOC_QBUF;
const unsigned long CV4L2_VIDIOC_DQBUF = VIDIOC_DQBUF;
const unsigned long CV4L2_VIDIOC_STREAMON = VIDIOC_STREAMON;
const unsigned long CV4L2_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;

int cv4l2_ioctl(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument);
}

const unsigned int CV4L2_PIX_FMT_MJPEG = V4L2_PIX_FMT_MJPEG;
const unsigned int CV4L2_PIX_FMT_YUYV = V4L2_PIX_FMT_YUYV;
