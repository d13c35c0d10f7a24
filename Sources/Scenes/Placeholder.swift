// placeholder while Scenes is written
