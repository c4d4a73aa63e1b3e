/* Wide tables read as cards on a phone (see touch.css). */
