// A worker that loads and never answers: stands in for a hung OCR engine.
self.onmessage = () => {};
