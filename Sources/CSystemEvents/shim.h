// Kernel readiness APIs that Swift's Glibc module does not export (epoll, eventfd), and the
// netlink route socket that reports network changes.
// On Darwin kqueue comes from the Darwin module, so this header is empty there.
#ifndef SWITCHBOARD_CSYSTEMEVENTS_H
#define SWITCHBOARD_CSYSTEMEVENTS_H
#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#endif
#endif
