"""JavaScript as the browser runs it: value coercions, the embedded V8, JavaScript regular expressions."""
