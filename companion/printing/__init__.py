"""Print and play: card sheets, boards, score sheets and a calibration page as PDFs."""
