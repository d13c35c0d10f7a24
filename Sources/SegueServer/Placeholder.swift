// placeholder while SegueServer is written
