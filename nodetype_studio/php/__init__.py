"""PHP rules the CMS applies on the server: date() formatting and relative date phrases."""
