"""Measuring verified answers against single answers on labelled data."""
