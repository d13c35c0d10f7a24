// placeholder while SegueWire is written
