"""For the tests and the benchmarks only, never imported by the product (companion/):

  pad_photos.py    photos of our printed pads and of the box's, filled in, with the truth
  mnist_digits.py  real handwritten digits (MNIST's test set) those photos are written with
"""
