// placeholder while Recorder is written
